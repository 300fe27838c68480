import { and, asc, eq, sql } from 'drizzle-orm';
import {
  CARD_NOT_FOUND,
  DELETE_CARD_CONFIRM_MESSAGE,
  type CardSummary,
  type CreateCardBody,
} from '@shared/schemas/cards';
import { cards, links, usernameHolds } from '../db/schema';
import type { Bindings, Db } from '../env';
import { shardForNewCard } from '../lib/count-shards';
import { AppError, fieldError, invalid, notFound, tooMany } from '../lib/errors';
import { imageUrl } from '../lib/media-url';
import { isUsernameTaken, USERNAME_TAKEN } from './accounts';
import { releaseAttempts, reserveAttempt } from './attempts';
import { defaultCatalogueIds } from './catalogue';
import { accountLanguageOf } from './account-language';
import { deleteCardStorage } from './account-data/deletion';
import { USERNAME_HOLD_MS } from './username-holds';

// An account's cards (docs/decisions/0091-cards-apart-from-accounts.md). Every function takes the
// account's id and checks it in the query that reads or writes the card, so another account's
// card is never touched and answers as a missing one does.

export type CardRow = typeof cards.$inferSelect;

export const TOO_MANY_CARDS = (max: number) => `You can have at most ${max} cards`;
export const PRIMARY_CARD_KEPT = 'Make another card primary before deleting this one';
/** A work card is the organisation's (docs/decisions/0104-organisations.md): it stays when its member leaves. */
export const WORK_CARD_KEPT = 'This is a work card: it stays with its organisation';
export const TOO_MANY_NEW_CARDS = 'You have made too many cards today. Please try again tomorrow.';
/**
 * New cards per account a day: each deleted card holds its username for 90 days, so without a
 * bound an account making and deleting cards could keep any number of names from everyone.
 */
export const CARDS_MADE_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

export const serializeCard = (origin: string, row: CardRow): CardSummary => ({
  id: row.id,
  username: row.username,
  name: row.name,
  is_primary: row.isPrimary,
  is_active: row.isActive,
  language: row.language,
  avatar_url: imageUrl(origin, row.avatarKey, 'avatar'),
  url: `${origin}/p/${row.username}`,
  created_at: new Date(row.createdAt).toISOString(),
  org_id: row.orgId ?? null,
});

/** The account's primary card: the one `/v1/user/*` acts on. */
export async function primaryCardId(db: Db, accountId: string) {
  const row = await db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.userId, accountId), eq(cards.isPrimary, true)))
    .get();
  if (!row) throw notFound(CARD_NOT_FOUND);
  return row.id;
}

/** The card, if the account holds it; 404 otherwise, the same for another account's as for none. */
export async function cardOfAccountOrThrow(db: Db, accountId: string, cardId: string) {
  const row = await db
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.userId, accountId)))
    .get();
  if (!row) throw notFound(CARD_NOT_FOUND);
  return row;
}

/** The account's cards, oldest first (the first is the one it signed up with). */
export const listCards = (db: Db, accountId: string) =>
  db.select().from(cards).where(eq(cards.userId, accountId)).orderBy(asc(cards.createdAt), asc(cards.id)).all();

const isUniqueUsernameError = (error: unknown) => String((error as Error)?.cause ?? error).includes('cards.username');

/**
 * A new card: empty (the catalogue's default theme and template, the account's language: the one
 * its owner reads the dashboard in), or a copy of one of the account's
 * cards: its words, look and links, never its images, contacts, statistics or switches. The limit
 * is checked inside the insert, so parallel requests cannot pass it; the copy's links follow
 * only if the card was made (copyLinks).
 */
export async function createCard(
  db: Db,
  accountId: string,
  body: CreateCardBody,
  options: { limit: number; shards: number; now?: number },
) {
  const now = options.now ?? Date.now();
  const source = body.copy_of === undefined ? null : await cardOfAccountOrThrow(db, accountId, body.copy_of);
  if (await isUsernameTaken(db, body.username)) throw fieldError('username', USERNAME_TAKEN);
  // Counted before the card is made, and given back when none was (the limit, a lost race).
  const slot = await reserveAttempt(db, 'card_create', accountId, [{ windowMs: DAY_MS, max: CARDS_MADE_PER_DAY }], now);
  if (slot == null) throw tooMany(TOO_MANY_NEW_CARDS);
  const id = crypto.randomUUID();
  const owned = sql`(SELECT count(*) FROM ${cards} WHERE ${cards.userId} = ${accountId})`;
  const shard = shardForNewCard(id, options.shards);
  const name = body.name ?? source?.name ?? '';
  let made: { id: string }[];
  try {
    if (source) {
      made = await db.all<{ id: string }>(sql`
        INSERT INTO ${cards} (id, user_id, is_primary, username, name, bio, job_title, company, phone, public_email,
          location, pronouns, language, theme_id, custom_theme, template_id, count_shard, created_at, updated_at)
        SELECT ${id}, ${accountId}, 0, ${body.username}, ${name}, bio, job_title, company, phone, public_email,
          location, pronouns, language, theme_id, custom_theme, template_id, ${shard}, ${now}, ${now}
        FROM ${cards} WHERE id = ${source.id} AND user_id = ${accountId} AND ${owned} < ${options.limit}
        RETURNING id`);
      if (made.length > 0) await copyLinks(db, accountId, source.id, id, now);
    } else {
      const { themeId, templateId } = await defaultCatalogueIds(db);
      made = await db.all<{ id: string }>(sql`
        INSERT INTO ${cards} (id, user_id, is_primary, username, name, language, theme_id, template_id, count_shard, created_at, updated_at)
        SELECT ${id}, ${accountId}, 0, ${body.username}, ${name},
          ${accountLanguageOf(accountId)},
          ${themeId}, ${templateId}, ${shard}, ${now}, ${now}
        WHERE ${owned} < ${options.limit}
        RETURNING id`);
    }
  } catch (error) {
    await releaseAttempts(db, slot);
    // Lost a race for the name: the unique index decided.
    if (isUniqueUsernameError(error)) throw fieldError('username', USERNAME_TAKEN);
    throw error;
  }
  if (made.length === 0) {
    await releaseAttempts(db, slot);
    throw new AppError(422, TOO_MANY_CARDS(options.limit), { _: [TOO_MANY_CARDS(options.limit)] });
  }
  return cardOfAccountOrThrow(db, accountId, id);
}

/**
 * The copy's links, after the card: drizzle's batch takes no raw INSERT … SELECT, so the two are
 * two statements, and a copy whose links failed is taken back rather than left half made.
 */
async function copyLinks(db: Db, accountId: string, from: string, to: string, now: number) {
  try {
    await db.run(sql`
      INSERT INTO ${links} (user_id, card_id, title, url, icon, display_order, is_active, flagged_at, flagged_by, created_at, updated_at)
      SELECT ${accountId}, ${to}, title, url, icon, display_order, is_active, flagged_at, flagged_by, ${now}, ${now}
      FROM ${links} WHERE card_id = ${from}
      ORDER BY display_order, id`);
  } catch (error) {
    await db.delete(cards).where(and(eq(cards.id, to), eq(cards.userId, accountId)));
    throw error;
  }
}

/** Makes the card the one `/v1/user/*` acts on; the one before stops being it in the same transaction. */
export async function makePrimary(db: Db, accountId: string, cardId: string) {
  const card = await cardOfAccountOrThrow(db, accountId, cardId);
  if (card.isPrimary) return card;
  if (card.orgId) throw new AppError(409, WORK_CARD_KEPT);
  const now = Date.now();
  await db.batch([
    // In this order: the partial unique index allows one primary card per account at any moment.
    db
      .update(cards)
      .set({ isPrimary: false, updatedAt: now })
      .where(and(eq(cards.userId, accountId), eq(cards.isPrimary, true))),
    db
      .update(cards)
      .set({ isPrimary: true, updatedAt: now })
      .where(and(eq(cards.id, cardId), eq(cards.userId, accountId))),
  ]);
  return cardOfAccountOrThrow(db, accountId, cardId);
}

/**
 * Deletes a card that is not the primary one (so never the last), once its username is typed
 * again. Its images, buffered events and counts go first, each step safe to run again, then one
 * batch removes the card with its links, contacts and reports (their rows name it, on delete
 * cascade) and holds its username, as a deleted account's is (docs/decisions/0034): a crash in
 * between leaves the card in place, to be deleted again, never rows that nothing names.
 */
export async function deleteCard(
  db: Db,
  storage: Pick<Bindings, 'EVENTS' | 'MEDIA'> & Parameters<typeof deleteCardStorage>[0],
  accountId: string,
  cardId: string,
  typed: string,
  options: { asOrganisation?: boolean } = {},
) {
  const card = await cardOfAccountOrThrow(db, accountId, cardId);
  if (typed !== card.username) throw invalid({ username: [DELETE_CARD_CONFIRM_MESSAGE] });
  if (card.isPrimary) throw new AppError(409, PRIMARY_CARD_KEPT);
  if (card.orgId && !options.asOrganisation) throw new AppError(409, WORK_CARD_KEPT);
  await deleteCardStorage(storage, card.id);
  const now = Date.now();
  await db.batch([
    // Held for the deleted card's id, which no card answers to any more: the old address finds
    // nothing for 90 days, as a deleted account's does.
    db
      .insert(usernameHolds)
      .values({ username: card.username, userId: card.id, heldUntil: now + USERNAME_HOLD_MS, createdAt: now })
      .onConflictDoUpdate({
        target: usernameHolds.username,
        set: { userId: card.id, heldUntil: now + USERNAME_HOLD_MS, createdAt: now },
      }),
    db.delete(cards).where(and(eq(cards.id, card.id), eq(cards.userId, accountId), eq(cards.isPrimary, false))),
  ]);
}
