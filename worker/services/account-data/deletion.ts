import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { accountDeletions, cards, refreshTokens, sessions, usernameHolds, users } from '../../db/schema';
import type { Bindings, Db } from '../../env';
import { USERNAME_HOLD_MS } from '../username-holds';
import { deletedCards } from '../../db/counts-schema';
import type { CountBindings } from '../../env';
import { everyShard } from '../events/counts';
import { COUNT_TABLES, USER_TABLES, userKvPrefixes, userR2Prefixes } from './registry';

/**
 * Deleting an account, in an order no crash can leave half-done (README, Operating):
 * 1. one batch writes the tombstone (`account_deletions`), marks the user 'deleted' (the card
 *    answers 404 from that statement on: every read of a card or a token wants an active
 *    user), ends every session and holds the username;
 * 2. the work: the buffered events in KV, the images in R2, the card's rows in every counting
 *    database (one batch each, with a `deleted_cards` row that keeps a drain already under way
 *    from writing them again), then one batch that deletes every row of the registry and,
 *    last, the tombstone.
 * Each step is idempotent, so a deletion that dies anywhere is finished by running step 2
 * again: the cron does it for every tombstone older than a minute.
 */

type Storage = Pick<Bindings, 'DB' | 'EVENTS' | 'MEDIA'> & CountBindings;
export type DeletionStep = 'kv' | 'r2' | 'counts';
/** Tests inject a crash after a step; nothing else passes this. */
export type StepHook = (step: DeletionStep) => void | Promise<void>;

/** Step 1: answers false when the account does not exist (or is already being deleted). */
export async function startDeletion(db: Db, userId: string, now = Date.now()) {
  // Work cards stay with their organisations (finishDeletion hands them over), names and all.
  const held = await db
    .select({ username: cards.username })
    .from(cards)
    .where(and(eq(cards.userId, userId), isNull(cards.orgId)))
    .all();
  const [, marked] = await db.batch([
    db.insert(accountDeletions).values({ userId, startedAt: now }).onConflictDoNothing(),
    db
      .update(users)
      .set({ status: 'deleted', tokensValidAfter: now + 1, updatedAt: now })
      .where(eq(users.id, userId)),
    db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt))),
    db
      .update(sessions)
      .set({ endedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt))),
    // Usernames are not recycled: every card's name stays held, as after a rename.
    ...held.map(({ username }) =>
      db
        .insert(usernameHolds)
        .values({ username, userId, heldUntil: now + USERNAME_HOLD_MS, createdAt: now })
        .onConflictDoUpdate({
          target: usernameHolds.username,
          set: { userId, heldUntil: now + USERNAME_HOLD_MS, createdAt: now },
        }),
    ),
  ]);
  return marked.meta.changes > 0;
}

export async function deleteKv(kv: KVNamespace, prefix: string) {
  for (;;) {
    const page = await kv.list({ prefix, limit: 500 });
    await Promise.all(page.keys.map((key) => kv.delete(key.name)));
    if (page.list_complete) return;
  }
}

export async function deleteR2(bucket: R2Bucket, prefix: string) {
  for (;;) {
    const page = await bucket.list({ prefix, limit: 1000 });
    if (page.objects.length > 0) await bucket.delete(page.objects.map((object) => object.key));
    if (!page.truncated) return;
  }
}

/**
 * A card's rows in every counting database, each database in one batch with a `deleted_cards` row
 * that keeps a drain already under way from writing them again. Every shard, not only the card's:
 * a shard it was counted in before a move keeps nothing either. Safe to run again.
 */
export async function deleteCardCounts(storage: CountBindings, cardId: string, now = Date.now()) {
  await Promise.all(
    everyShard(storage).map(({ db: counts }) =>
      counts.batch([
        counts
          .insert(deletedCards)
          .values({ userId: cardId, deletedAt: now })
          .onConflictDoUpdate({
            target: deletedCards.userId,
            set: { deletedAt: now },
          }),
        ...COUNT_TABLES.map(({ ref }) => counts.delete(ref.table).where(eq(ref, cardId))),
      ]),
    ),
  );
}

/** What a card leaves outside the accounts database: buffered events and undo copies in KV, images in R2, counts. */
export async function deleteCardStorage(storage: Omit<Storage, 'DB'>, cardId: string, hook?: StepHook) {
  for (const prefix of userKvPrefixes(cardId)) await deleteKv(storage.EVENTS, prefix);
  await hook?.('kv');
  for (const prefix of await userR2Prefixes(cardId)) await deleteR2(storage.MEDIA, prefix);
  await hook?.('r2');
  await deleteCardCounts(storage, cardId);
  await hook?.('counts');
}

/** Step 2; safe to run again and again. */
export async function finishDeletion(db: Db, storage: Storage, userId: string, hook?: StepHook) {
  await db
    .update(accountDeletions)
    .set({ attempts: sql`${accountDeletions.attempts} + 1` })
    .where(eq(accountDeletions.userId, userId));
  // Work cards go back to their organisations first, paused, with their links and contacts
  // (docs/decisions/0104-organisations.md); loaded here only, as a card view never needs it.
  await (await import('../orgs/leaving')).handOverBeforeDeletion(db, storage, userId, deleteCardStorage);
  const email = (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get())?.email;
  // Every card of the account, and its id itself: the first card's, and whatever of it is left
  // once a crash already took the rows (each step below is idempotent).
  const cardIds = new Set([
    userId,
    ...(await db.select({ id: cards.id }).from(cards).where(eq(cards.userId, userId)).all()).map((row) => row.id),
  ]);
  for (const cardId of cardIds) for (const prefix of userKvPrefixes(cardId)) await deleteKv(storage.EVENTS, prefix);
  await hook?.('kv');
  for (const cardId of cardIds)
    for (const prefix of await userR2Prefixes(cardId)) await deleteR2(storage.MEDIA, prefix);
  await hook?.('r2');
  for (const cardId of cardIds) await deleteCardCounts(storage, cardId);
  await hook?.('counts');
  // One batch is one transaction: every row goes, and the tombstone with them, or nothing does.
  const rows = USER_TABLES.flatMap(({ ref, by }) => {
    const value = by === 'id' ? userId : email;
    return value == null ? [] : [db.delete(ref.table).where(eq(ref, value))];
  });
  const [first, ...rest] = [...rows, db.delete(accountDeletions).where(eq(accountDeletions.userId, userId))];
  await db.batch([first!, ...rest]);
}

/** Steps 1 and 2: what DELETE /v1/user and an operator's Reject run. */
export async function deleteAccount(db: Db, storage: Storage, userId: string, hook?: StepHook) {
  await startDeletion(db, userId);
  await finishDeletion(db, storage, userId, hook);
}

/** The cron: finishes deletions that died halfway (a tombstone older than `graceMs`). */
export async function finishPendingDeletions(db: Db, storage: Storage, now = Date.now(), graceMs = 60_000, limit = 5) {
  const stuck = await db
    .select({ userId: accountDeletions.userId })
    .from(accountDeletions)
    .where(lt(accountDeletions.startedAt, now - graceMs))
    .limit(limit)
    .all();
  for (const { userId } of stuck) await finishDeletion(db, storage, userId);
  return stuck.length;
}
