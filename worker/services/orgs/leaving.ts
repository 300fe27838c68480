import { and, eq, inArray, sql } from 'drizzle-orm';
import { USERNAME_HOLD_DAYS } from '@shared/constants';
import { REASSIGN_NAME_MESSAGE } from '@shared/schemas/orgs-bodies';
import { cards, contacts, links, reports, usernameHolds, users } from '../../db/schema';
import { orgMembers, organisations } from '../../db/schema/orgs';
import type { Bindings, Db } from '../../env';
import { AppError, fieldError, notFound } from '../../lib/errors';
import type { deleteCard } from '../cards';

/** account-data/deletion.ts's, handed in: the deletion runs without routes/orgs.ts's parts. */
type CardStorage = (storage: Parameters<typeof deleteCard>[1], cardId: string) => Promise<void>;
import { auditEntry, orgOfMemberOrThrow, type OrgRow } from './access';
import { NOT_A_MEMBER } from './orgs';
import { parts } from './parts';
import { deleteOrgMedia } from './template-logo';
import { followStatements, readTemplate, ruleOf } from './template';

// A member who leaves, or is removed, gives the work card back to the organisation at once: it is
// paused (visitors see the moved-on page) and held by the organisation's own account, with its
// links, contacts and counts, until an admin reassigns or deletes it (docs/product.md §2,
// Organisations). The member keeps their account and personal cards.

export const WORK_CARD_NOT_FOUND = 'Work card not found';
export const OWNER_STAYS = 'The owner cannot be removed: hand the organisation to another member first';

/** The rows that name a card's holder along with the card: they follow the card to its new holder. */
const moveCardRows = (db: Db, cardIds: string[], to: string) => [
  db.update(links).set({ userId: to }).where(inArray(links.cardId, cardIds)),
  db.update(contacts).set({ userId: to }).where(inArray(contacts.cardId, cardIds)),
  db.update(reports).set({ userId: to }).where(inArray(reports.cardId, cardIds)),
];

/** The batch that takes a member out of the organisation and pauses their work cards in it. */
async function handOverStatements(db: Db, org: OrgRow, memberId: string, now: number) {
  const held = await db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.orgId, org.id), eq(cards.userId, memberId)))
    .all();
  const ids = held.map((row) => row.id);
  return {
    ids,
    statements: [
      ...(ids.length === 0
        ? []
        : [
            ...moveCardRows(db, ids, org.holderId),
            db
              .update(cards)
              .set({ userId: org.holderId, pausedAt: now, isPrimary: false, updatedAt: now })
              .where(and(inArray(cards.id, ids), eq(cards.userId, memberId))),
          ]),
      db.delete(orgMembers).where(and(eq(orgMembers.orgId, org.id), eq(orgMembers.userId, memberId))),
    ],
  };
}

/** An admin removes a member (never the owner); the member's work card is paused. */
export async function removeMember(db: Db, orgId: string, accountId: string, memberId: string, now = Date.now()) {
  const { org } = await orgOfMemberOrThrow(db, orgId, accountId, 'admin');
  const target = await db
    .select({ role: orgMembers.role })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, org.id), eq(orgMembers.userId, memberId)))
    .get();
  if (!target) throw new AppError(404, NOT_A_MEMBER);
  if (target.role === 'owner') throw new AppError(403, OWNER_STAYS);
  await handOverAndAudit(db, org, memberId, accountId, 'member.removed', now);
}

/** The member's work cards go back to the organisation, paused, in one batch with the log's entry. */
async function handOverAndAudit(
  db: Db,
  org: OrgRow,
  memberId: string,
  actorId: string,
  action: 'member.removed' | 'member.left',
  now: number,
) {
  const { ids, statements } = await handOverStatements(db, org, memberId, now);
  const [first, ...rest] = statements;
  await db.batch([
    first!,
    ...rest,
    auditEntry(db, { orgId: org.id, actorId, action, subject: memberId, detail: { cards: ids } }, now),
  ]);
}

/** The member leaves on their own; the owner must hand the organisation on first. */
export async function leaveOrg(db: Db, orgId: string, accountId: string, now = Date.now()) {
  const { org, role } = await orgOfMemberOrThrow(db, orgId, accountId);
  if (role === 'owner') throw new AppError(409, OWNER_STAYS);
  await handOverAndAudit(db, org, accountId, accountId, 'member.left', now);
}

/** A work card no member holds (paused, or invited and not yet claimed); 404 otherwise. */
async function unheldCardOrThrow(db: Db, org: OrgRow, cardId: string) {
  const card = await db
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.orgId, org.id)))
    .get();
  if (!card) throw notFound(WORK_CARD_NOT_FOUND);
  if (card.userId !== org.holderId)
    throw new AppError(409, 'A member holds this card: remove the member first, which pauses it');
  return card;
}

const NO_PHOTO = { avatarKey: null, avatarOriginal: null, avatarPlaceholder: null } as const;
/**
 * A paused card goes to another member: its username, QR code, link ids and counts stay (the card
 * keeps its id), its name is the successor's and its photo goes, for theirs, unless the template
 * locks it (they could not set their own). The template's rules then apply in the same batch, as a
 * save of it would: a locked name stays the organisation's (the admin need give none).
 */
export async function reassignCard(
  db: Db,
  orgId: string,
  accountId: string,
  cardId: string,
  body: { user_id: string; name?: string | undefined },
  now = Date.now(),
) {
  const { org } = await orgOfMemberOrThrow(db, orgId, accountId, 'admin');
  const card = await unheldCardOrThrow(db, org, cardId);
  if (card.pausedAt === null)
    throw new AppError(409, 'This card waits for its invitee: withdraw the invitation instead');
  const member = await db
    .select({ userId: orgMembers.userId })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, org.id), eq(orgMembers.userId, body.user_id)))
    .get();
  if (!member) throw fieldError('user_id', NOT_A_MEMBER);
  const holds = await db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.orgId, org.id), eq(cards.userId, body.user_id)))
    .get();
  if (holds) throw fieldError('user_id', 'This member already holds a work card of the organisation');
  const template = await readTemplate(db, org.id);
  const name = ruleOf(template?.rules, 'name') === 'locked' ? (template?.lockedValues.name ?? '') : body.name;
  if (name === undefined) throw fieldError('name', REASSIGN_NAME_MESSAGE);
  const taken = and(eq(cards.id, card.id), eq(cards.userId, body.user_id))!;
  const [toLinks, toContacts, toReports] = moveCardRows(db, [card.id], body.user_id);
  const [, , , moved] = await db.batch([
    toLinks!,
    toContacts!,
    toReports!,
    db
      .update(cards)
      .set({
        userId: body.user_id,
        name,
        ...(ruleOf(template?.rules, 'photo') === 'locked' ? {} : NO_PHOTO),
        pausedAt: null,
        isActive: true,
        updatedAt: now,
      })
      .where(and(eq(cards.id, card.id), eq(cards.userId, org.holderId))),
    auditEntry(
      db,
      {
        orgId: org.id,
        actorId: accountId,
        action: 'card.reassigned',
        subject: card.username,
        detail: { card: card.id, to: body.user_id, from_name: card.name, name },
      },
      now,
    ),
    ...(template ? followStatements(db, template, taken, now) : []),
  ]);
  if (moved.meta.changes === 0) throw notFound(WORK_CARD_NOT_FOUND);
}

/** An admin deletes a paused work card; its username is held as any deleted card's is. */
export async function deleteWorkCard(
  db: Db,
  storage: Parameters<typeof deleteCard>[1],
  orgId: string,
  accountId: string,
  cardId: string,
  now = Date.now(),
) {
  const { org } = await orgOfMemberOrThrow(db, orgId, accountId, 'admin');
  const card = await unheldCardOrThrow(db, org, cardId);
  if (card.pausedAt === null)
    throw new AppError(409, 'This card waits for its invitee: withdraw the invitation instead');
  await parts().deleteCard(db, storage, org.holderId, card.id, card.username, { asOrganisation: true });
  await auditEntry(
    db,
    { orgId: org.id, actorId: accountId, action: 'card.deleted', subject: card.username, detail: { card: card.id } },
    now,
  );
}

/**
 * Before an account is deleted: its work cards stay with their organisations (paused, as after
 * leaving), and an organisation it owns passes to its longest-standing admin, else member. An
 * organisation with nobody else in it goes with the account, with its cards (docs/decisions/0104-organisations.md).
 */
export async function handOverBeforeDeletion(
  db: Db,
  storage: Pick<Bindings, 'EVENTS' | 'MEDIA'> & Parameters<typeof deleteCard>[1],
  accountId: string,
  deleteCardStorage: CardStorage,
  now = Date.now(),
) {
  const memberships = await db
    .select({ org: organisations, role: orgMembers.role })
    .from(orgMembers)
    .innerJoin(organisations, eq(organisations.id, orgMembers.orgId))
    .where(eq(orgMembers.userId, accountId))
    .all();
  for (const { org, role } of memberships) {
    if (role === 'owner') {
      const heir = await db
        .select({ userId: orgMembers.userId })
        .from(orgMembers)
        .where(and(eq(orgMembers.orgId, org.id), sql`${orgMembers.userId} != ${accountId}`))
        .orderBy(sql`CASE ${orgMembers.role} WHEN 'admin' THEN 0 ELSE 1 END`, orgMembers.joinedAt)
        .get();
      if (!heir) {
        await deleteOrgWithCards(db, storage, org, deleteCardStorage);
        continue;
      }
      await db.batch([
        db
          .update(orgMembers)
          .set({ role: 'admin' })
          .where(and(eq(orgMembers.orgId, org.id), eq(orgMembers.userId, accountId))),
        db
          .update(orgMembers)
          .set({ role: 'owner' })
          .where(and(eq(orgMembers.orgId, org.id), eq(orgMembers.userId, heir.userId))),
        auditEntry(
          db,
          {
            orgId: org.id,
            actorId: accountId,
            action: 'org.owner_transferred',
            subject: heir.userId,
            detail: { reason: 'account deleted' },
          },
          now,
        ),
      ]);
    }
    const { ids, statements } = await handOverStatements(db, org, accountId, now);
    const [first, ...rest] = statements;
    await db.batch([
      first!,
      ...rest,
      auditEntry(
        db,
        {
          orgId: org.id,
          actorId: accountId,
          action: 'member.left',
          subject: accountId,
          detail: { cards: ids, reason: 'account deleted' },
        },
        now,
      ),
    ]);
  }
}

/** An organisation nobody is left in: its cards (storage first), then its rows and its own account. */
async function deleteOrgWithCards(
  db: Db,
  storage: Parameters<typeof deleteCard>[1],
  org: OrgRow,
  deleteCardStorage: CardStorage,
) {
  const held = await db.select().from(cards).where(eq(cards.orgId, org.id)).all();
  for (const card of held) {
    if (card.isPrimary) continue;
    // As a deleted card: its storage first, then its row (with what names it, on delete cascade)
    // and a hold on its username (docs/decisions/0034).
    await deleteCardStorage(storage, card.id);
    const now = Date.now();
    const heldUntil = now + USERNAME_HOLD_DAYS * 24 * 60 * 60 * 1000;
    await db.batch([
      db
        .insert(usernameHolds)
        .values({ username: card.username, userId: card.id, heldUntil, createdAt: now })
        .onConflictDoUpdate({ target: usernameHolds.username, set: { userId: card.id, heldUntil, createdAt: now } }),
      db.delete(cards).where(eq(cards.id, card.id)),
    ]);
  }
  // Its own logo's files too: no card is left to show them.
  await deleteOrgMedia(storage.MEDIA, org.id);
  await db.batch([
    db.delete(organisations).where(eq(organisations.id, org.id)),
    // A typed statement: drizzle's batch cannot run a raw one with parameters (decision 0105).
    db.delete(users).where(eq(users.id, org.holderId)),
  ]);
}
