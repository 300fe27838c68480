import { and, desc, eq, inArray } from 'drizzle-orm';
import { RESERVED_USERNAMES, USERNAME_MAX } from '@shared/constants';
import { cards, usernameHolds } from '../../db/schema';
import { orgInvitations } from '../../db/schema/orgs';
import type { Bindings, Db } from '../../env';
import { notFound } from '../../lib/errors';
import { auditEntry, orgOfMemberOrThrow, type OrgRow } from './access';
import { alreadyThere, type Invitee } from './invitation-csv';
import { MAILED_IN_REQUEST, queueInvitations, sendInvitations } from './invitation-mail';
import { parts } from './parts';
import { followStatements, readTemplate } from './template';

// Invitations (docs/product.md §2, Organisations): each makes a work card, held by the
// organisation's own account and private until its invitee claims it. One open invitation per
// address and organisation (a unique index), so a file sent twice invites nobody twice. The file's
// checks are invitation-csv.ts's, the mail invitation-mail.ts's, the claim invitation-claim.ts's.

export const INVITATION_NOT_FOUND = 'Invitation not found';

/** A free username for an invitee's card: the address's name and the organisation's, then a suffix. */
async function usernamesFor(db: Db, org: OrgRow, invitees: Invitee[]) {
  const wanted = invitees.map((invitee) => {
    const local = invitee.email
      .split('@')[0]!
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 24);
    return `${local || 'card'}-${org.slug}`.slice(0, USERNAME_MAX - 5);
  });
  const taken = new Set<string>();
  for (let i = 0; i < wanted.length; i += 45) {
    const chunk = wanted.slice(i, i + 45);
    const rows = [
      ...(await db.select({ u: cards.username }).from(cards).where(inArray(cards.username, chunk)).all()),
      ...(await db
        .select({ u: usernameHolds.username })
        .from(usernameHolds)
        .where(inArray(usernameHolds.username, chunk))
        .all()),
    ];
    for (const row of rows) taken.add(row.u);
  }
  return wanted.map((name) => {
    let chosen = name;
    while (taken.has(chosen) || RESERVED_USERNAMES.has(chosen) || chosen.length < 3)
      chosen = `${name}-${Math.random().toString(36).slice(2, 6)}`;
    taken.add(chosen);
    return chosen;
  });
}

type Origin = { origin: string; shards: number };

/**
 * Invites these addresses: skips those already invited or members, makes each new one's
 * invitation and work card in batches (the invitation first: the unique index decides a race,
 * and a card is made only for an invitation that was), then queues the mail of all but the first
 * few, and mails those.
 */
export async function invite(
  db: Db,
  env: Bindings,
  org: OrgRow,
  accountId: string,
  invitees: Invitee[],
  where: Origin,
  now = Date.now(),
) {
  const already = await alreadyThere(
    db,
    org,
    invitees.map((invitee) => invitee.email),
  );
  const fresh = invitees.filter((invitee) => !already.has(invitee.email));
  const usernames = await usernamesFor(db, org, fresh);
  const { randomToken, sha256, shardForNewCard, defaultCatalogueIds } = parts();
  const { themeId, templateId } = await defaultCatalogueIds(db);
  // The new cards are made from the organisation's template, in the batch that makes them.
  const template = await readTemplate(db, org.id);
  const made: { id: string; email: string; token: string; username: string }[] = [];
  for (let i = 0; i < fresh.length; i += 50) {
    const chunk = fresh.slice(i, i + 50).map((invitee, index) => ({
      invitee,
      id: crypto.randomUUID(),
      cardId: crypto.randomUUID(),
      token: randomToken(),
      username: usernames[i + index]!,
    }));
    const hashes = await Promise.all(chunk.map((item) => sha256(item.token)));
    const inserted = await db.batch(
      chunk.map((item, index) =>
        db
          .insert(orgInvitations)
          .values({
            id: item.id,
            orgId: org.id,
            email: item.invitee.email,
            cardId: item.cardId,
            tokenHash: hashes[index]!,
            invitedBy: accountId,
            mailOrigin: where.origin,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: orgInvitations.id }),
      ) as [never, ...never[]],
    );
    const kept = chunk.filter((_, index) => (inserted[index] as unknown as unknown[]).length > 0);
    if (kept.length === 0) continue;
    const [firstCard, ...restCards] = kept.map((item) =>
      db.insert(cards).values({
        id: item.cardId,
        userId: org.holderId,
        username: item.username,
        name: item.invitee.name,
        jobTitle: item.invitee.jobTitle,
        company: org.name,
        phone: item.invitee.phone,
        location: item.invitee.location,
        // Private until claimed: visitors see nothing of a card nobody holds yet.
        isActive: false,
        themeId,
        templateId,
        countShard: shardForNewCard(item.cardId, where.shards),
        orgId: org.id,
        createdAt: now,
        updatedAt: now,
      }),
    );
    const ids = kept.map((item) => item.cardId);
    await db.batch([
      firstCard!,
      ...restCards,
      ...(template ? followStatements(db, template, and(eq(cards.orgId, org.id), inArray(cards.id, ids))!, now) : []),
      ...kept.map((item) =>
        auditEntry(
          db,
          {
            orgId: org.id,
            actorId: accountId,
            action: 'member.invited',
            subject: item.invitee.email,
            detail: { card: item.cardId },
          },
          now,
        ),
      ),
    ]);
    made.push(
      ...kept.map((item) => ({ id: item.id, email: item.invitee.email, token: item.token, username: item.username })),
    );
  }
  // Owed until sent: the first few go now (an invitation by e-mail answers with its mail sent, or
  // not), the rest are queued, 100 ids a subrequest, and mailed by the queue's consumer within
  // minutes, so a file of any length stays within a request's subrequests
  // (docs/decisions/0104-organisations.md). Only the rest are queued: a row this request mails is
  // never also a message's.
  await queueInvitations(
    env,
    made.slice(MAILED_IN_REQUEST).map((item) => item.id),
  );
  await sendInvitations(db, env, org, accountId, made.slice(0, MAILED_IN_REQUEST), where.origin, now);
  const rows = made.length
    ? await db
        .select()
        .from(orgInvitations)
        .where(
          inArray(
            orgInvitations.id,
            made.slice(0, 100).map((m) => m.id),
          ),
        )
        .all()
    : [];
  return { invited: made.length, already: invitees.length - made.length, invitations: rows.map(serializeInvitation) };
}

export const serializeInvitation = (row: typeof orgInvitations.$inferSelect) => ({
  id: row.id,
  email: row.email,
  status: row.status,
  card_id: row.cardId,
  sends: row.sends,
  sent_at: row.sentAt === null ? null : new Date(row.sentAt).toISOString(),
  created_at: new Date(row.createdAt).toISOString(),
});

export async function listInvitations(db: Db, orgId: string, accountId: string) {
  const { org } = await orgOfMemberOrThrow(db, orgId, accountId, 'admin');
  const rows = await db
    .select()
    .from(orgInvitations)
    .where(eq(orgInvitations.orgId, org.id))
    .orderBy(desc(orgInvitations.createdAt))
    .limit(1000)
    .all();
  return rows.map(serializeInvitation);
}

async function pendingOrThrow(db: Db, org: OrgRow, id: string) {
  const row = await db
    .select()
    .from(orgInvitations)
    .where(and(eq(orgInvitations.id, id), eq(orgInvitations.orgId, org.id), eq(orgInvitations.status, 'pending')))
    .get();
  if (!row) throw notFound(INVITATION_NOT_FOUND);
  return row;
}

/** Sends the mail again, with a new secret: the one before stops working. */
export async function resendInvitation(
  db: Db,
  env: Bindings,
  orgId: string,
  accountId: string,
  id: string,
  origin: string,
  now = Date.now(),
) {
  const { org } = await orgOfMemberOrThrow(db, orgId, accountId, 'admin');
  const row = await pendingOrThrow(db, org, id);
  const { randomToken, sha256 } = parts();
  const token = randomToken();
  const card = await db
    .select({ username: cards.username })
    .from(cards)
    .where(eq(cards.id, row.cardId ?? ''))
    .get();
  await db.batch([
    db
      .update(orgInvitations)
      .set({ tokenHash: await sha256(token), updatedAt: now })
      .where(eq(orgInvitations.id, row.id)),
    auditEntry(db, { orgId: org.id, actorId: accountId, action: 'member.invitation_resent', subject: row.email }, now),
  ]);
  await sendInvitations(
    db,
    env,
    org,
    accountId,
    [{ id: row.id, email: row.email, token, username: card?.username ?? '' }],
    origin,
    now,
  );
  return serializeInvitation((await db.select().from(orgInvitations).where(eq(orgInvitations.id, row.id)).get())!);
}

/** Withdraws a pending invitation; the card made for it goes (nobody ever held it). */
export async function withdrawInvitation(db: Db, orgId: string, accountId: string, id: string, now = Date.now()) {
  const { org } = await orgOfMemberOrThrow(db, orgId, accountId, 'admin');
  const row = await pendingOrThrow(db, org, id);
  await db.batch([
    db
      .update(orgInvitations)
      .set({ status: 'withdrawn', cardId: null, updatedAt: now })
      .where(and(eq(orgInvitations.id, row.id), eq(orgInvitations.status, 'pending'))),
    db.delete(cards).where(and(eq(cards.id, row.cardId ?? ''), eq(cards.userId, org.holderId))),
    auditEntry(
      db,
      { orgId: org.id, actorId: accountId, action: 'member.invitation_withdrawn', subject: row.email },
      now,
    ),
  ]);
}
