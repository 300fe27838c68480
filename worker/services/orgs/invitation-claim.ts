import { and, eq, sql } from 'drizzle-orm';
import { cards, users } from '../../db/schema';
import { orgInvitations, orgMembers, organisations } from '../../db/schema/orgs';
import type { Db } from '../../env';
import { AppError, invalid, notFound } from '../../lib/errors';
import { auditEntry, orgOfMemberOrThrow, type OrgRow } from './access';
import { seatsUsed } from './orgs';
import { parts } from './parts';
import { followTemplate } from './template';

// Claiming an invitation's work card, and joining by the organisation's invite link
// (docs/product.md §2, Organisations): the seat is checked in the statement that hands the card over.

export const INVITATION_INVALID = 'This invitation is not valid any more: ask for a new one';
export const OTHER_ADDRESS =
  'This invitation was sent to another e-mail address: sign in with that address to claim it';
export const SEATS_FULL = 'The organisation has no free seat: ask its owner for more';
export const ALREADY_MEMBER = 'You are a member of this organisation already';

/** The seat check, inside the statement that hands the card over, so parallel claims cannot pass it. */
const seatFree = (org: OrgRow) => sql`${seatsUsed(org)} < (SELECT seats FROM ${organisations} WHERE id = ${org.id})`;

/**
 * The invitee, signed in with the invited address, takes the card made for them: it becomes
 * theirs and public, and they a member.
 */
export async function claimInvitation(db: Db, accountId: string, token: string, now = Date.now()) {
  const { sha256 } = parts();
  const row = await db
    .select({ invitation: orgInvitations, org: organisations })
    .from(orgInvitations)
    .innerJoin(organisations, eq(organisations.id, orgInvitations.orgId))
    .where(and(eq(orgInvitations.tokenHash, await sha256(token)), eq(orgInvitations.status, 'pending')))
    .get();
  if (!row) throw notFound(INVITATION_INVALID);
  const account = await db.select({ email: users.email }).from(users).where(eq(users.id, accountId)).get();
  if (account?.email !== row.invitation.email) throw new AppError(403, OTHER_ADDRESS);
  const { invitation, org } = row;
  const [taken] = await db.batch([
    db
      .update(cards)
      .set({ userId: accountId, isActive: true, updatedAt: now })
      .where(and(eq(cards.id, invitation.cardId ?? ''), eq(cards.userId, org.holderId), seatFree(org))),
  ]);
  if (taken.meta.changes === 0) throw new AppError(409, SEATS_FULL);
  await db.batch([
    db
      .insert(orgMembers)
      .values({ orgId: org.id, userId: accountId, role: 'member', joinedAt: now })
      .onConflictDoNothing(),
    db
      .update(orgInvitations)
      .set({ status: 'claimed', claimedBy: accountId, updatedAt: now })
      .where(eq(orgInvitations.id, invitation.id)),
    auditEntry(
      db,
      {
        orgId: org.id,
        actorId: accountId,
        action: 'member.joined',
        subject: invitation.email,
        detail: { card: invitation.cardId, by: 'invitation' },
      },
      now,
    ),
  ]);
  return { orgId: org.id, cardId: invitation.cardId! };
}

/** Turns the invite link on (a new secret, the old link stops) or off. Answers the link's secret. */
export async function setInviteLink(db: Db, orgId: string, accountId: string, on: boolean, now = Date.now()) {
  const { org } = await orgOfMemberOrThrow(db, orgId, accountId, 'admin');
  const { randomToken, sha256 } = parts();
  const token = on ? `${org.id}.${randomToken()}` : null;
  await db.batch([
    db
      .update(organisations)
      .set({ inviteLinkHash: token ? await sha256(token) : null, updatedAt: now })
      .where(eq(organisations.id, org.id)),
    auditEntry(db, { orgId: org.id, actorId: accountId, action: on ? 'invite_link.on' : 'invite_link.off' }, now),
  ]);
  return token;
}

/** Joining by the invite link: a member, with a new work card of the organisation under the chosen username. */
export async function joinByLink(
  db: Db,
  accountId: string,
  body: { token: string; username: string },
  shards: number,
  now = Date.now(),
) {
  const { sha256, isUsernameTaken, USERNAME_TAKEN, defaultCatalogueIds, shardForNewCard, accountLanguageOf } = parts();
  const org = await db
    .select()
    .from(organisations)
    .where(eq(organisations.inviteLinkHash, await sha256(body.token)))
    .get();
  if (!org) throw notFound('This invite link is turned off or not valid');
  const member = await db
    .select({ role: orgMembers.role })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, org.id), eq(orgMembers.userId, accountId)))
    .get();
  if (member) throw new AppError(409, ALREADY_MEMBER);
  if (await isUsernameTaken(db, body.username)) throw invalid({ username: [USERNAME_TAKEN] });
  const { themeId, templateId } = await defaultCatalogueIds(db);
  const id = crypto.randomUUID();
  const name = await db.get<{ name: string }>(
    sql`SELECT coalesce((SELECT name FROM cards WHERE user_id = ${accountId} AND is_primary = 1), '') AS name`,
  );
  const made = await db.all<{ id: string }>(sql`
    INSERT INTO ${cards} (id, user_id, is_primary, username, name, company, language, theme_id, template_id, count_shard, org_id, created_at, updated_at)
    SELECT ${id}, ${accountId}, 0, ${body.username}, ${name?.name ?? ''}, ${org.name}, ${accountLanguageOf(accountId)},
      ${themeId}, ${templateId}, ${shardForNewCard(id, shards)}, ${org.id}, ${now}, ${now}
    WHERE ${seatFree(org)}
    RETURNING id`);
  if (made.length === 0) throw new AppError(409, SEATS_FULL);
  await db.batch([
    db
      .insert(orgMembers)
      .values({ orgId: org.id, userId: accountId, role: 'member', joinedAt: now })
      .onConflictDoNothing(),
    auditEntry(
      db,
      {
        orgId: org.id,
        actorId: accountId,
        action: 'member.joined',
        subject: accountId,
        detail: { card: id, by: 'link' },
      },
      now,
    ),
  ]);
  await followTemplate(db, org.id, [id], now);
  return { orgId: org.id, cardId: id };
}
