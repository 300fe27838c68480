import { and, asc, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { Org, OrgCreateBody, OrgUpdateBody } from '@shared/schemas/orgs';
import { cards, users } from '../../db/schema';
import { orgAudit, orgMembers, organisations } from '../../db/schema/orgs';
import type { Db } from '../../env';
import { AppError, fieldError, invalid } from '../../lib/errors';
import { auditEntry, orgOfMemberOrThrow, type OrgRow } from './access';

export const SLUG_TAKEN = 'This short name is taken';
export const NOT_A_MEMBER = 'This account is not a member of the organisation';
export const ORGS_PER_ACCOUNT = 10;
export const TOO_MANY_ORGS = `You can own at most ${ORGS_PER_ACCOUNT} organisations`;

/** Claimed work cards, in service: what the seats count (paused and invited cards are the organisation's). */
export const seatsUsed = (org: Pick<OrgRow, 'id' | 'holderId'>) =>
  sql<number>`(SELECT count(*) FROM ${cards} WHERE ${cards.orgId} = ${org.id} AND ${cards.userId} != ${org.holderId})`;

export async function serializeOrg(db: Db, org: OrgRow, role: Org['role']): Promise<Org> {
  const used = await db.get<{ n: number }>(sql`SELECT ${seatsUsed(org)} AS n`);
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    role,
    seats: org.seats,
    seats_used: used?.n ?? 0,
    moved_on_url: org.movedOnUrl,
    invite_link: org.inviteLinkHash !== null,
    created_at: new Date(org.createdAt).toISOString(),
  };
}

/**
 * A new organisation, its creator the owner, and its own account (which holds the work cards no
 * member holds): one batch, so a lost race for the slug leaves nothing behind.
 */
export async function createOrg(db: Db, accountId: string, body: OrgCreateBody, now = Date.now()) {
  const owned = await db
    .select({ n: sql<number>`count(*)` })
    .from(orgMembers)
    .where(and(eq(orgMembers.userId, accountId), eq(orgMembers.role, 'owner')))
    .get();
  if ((owned?.n ?? 0) >= ORGS_PER_ACCOUNT) throw new AppError(422, TOO_MANY_ORGS, { _: [TOO_MANY_ORGS] });
  const taken = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.slug, body.slug))
    .get();
  if (taken) throw fieldError('slug', SLUG_TAKEN);
  const id = crypto.randomUUID();
  const holderId = crypto.randomUUID();
  try {
    await db.batch([
      // Nobody signs in to it: no password verifies against '!', and the address cannot receive mail (.invalid).
      db.insert(users).values({
        id: holderId,
        email: `org-${id}@organisations.invalid`,
        passwordHash: '!',
        status: 'active',
        activatedAt: now,
        language: 'en',
        createdAt: now,
        updatedAt: now,
      }),
      db
        .insert(organisations)
        .values({ id, name: body.name, slug: body.slug, holderId, createdAt: now, updatedAt: now }),
      db.insert(orgMembers).values({ orgId: id, userId: accountId, role: 'owner', joinedAt: now }),
      auditEntry(
        db,
        { orgId: id, actorId: accountId, action: 'org.created', subject: body.slug, detail: { name: body.name } },
        now,
      ),
    ]);
  } catch (error) {
    if (String((error as Error)?.cause ?? error).includes('organisations.slug')) throw fieldError('slug', SLUG_TAKEN);
    throw error;
  }
  return orgOfMemberOrThrow(db, id, accountId);
}

/** The organisations the account belongs to, oldest membership first, with its role in each. */
export async function listOrgs(db: Db, accountId: string) {
  const rows = await db
    .select({ org: organisations, role: orgMembers.role })
    .from(orgMembers)
    .innerJoin(organisations, eq(organisations.id, orgMembers.orgId))
    .where(eq(orgMembers.userId, accountId))
    .orderBy(asc(orgMembers.joinedAt))
    .all();
  return Promise.all(rows.map((row) => serializeOrg(db, row.org, row.role)));
}

export async function updateOrg(db: Db, orgId: string, accountId: string, body: OrgUpdateBody, now = Date.now()) {
  const { org } = await orgOfMemberOrThrow(db, orgId, accountId, 'admin');
  const set = {
    ...(body.name === undefined ? {} : { name: body.name }),
    ...(body.seats === undefined ? {} : { seats: body.seats }),
    ...(body.moved_on_url === undefined ? {} : { movedOnUrl: body.moved_on_url }),
  };
  if (Object.keys(set).length === 0) throw invalid({ _: ['Send at least one of name, seats, moved_on_url'] });
  await db.batch([
    db
      .update(organisations)
      .set({ ...set, updatedAt: now })
      .where(eq(organisations.id, org.id)),
    auditEntry(db, { orgId: org.id, actorId: accountId, action: 'org.updated', detail: body }, now),
  ]);
  return orgOfMemberOrThrow(db, orgId, accountId);
}

/** The owner hands the organisation to another member, who becomes owner; the owner before becomes an admin. */
export async function transferOwner(db: Db, orgId: string, accountId: string, to: string, now = Date.now()) {
  await orgOfMemberOrThrow(db, orgId, accountId, 'owner');
  if (to === accountId) throw fieldError('user_id', 'You are the owner already');
  const target = await db
    .select({ role: orgMembers.role })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, to)))
    .get();
  if (!target) throw fieldError('user_id', NOT_A_MEMBER);
  await db.batch([
    // In this order: the partial unique index allows one owner at any moment.
    db
      .update(orgMembers)
      .set({ role: 'admin' })
      .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, accountId), eq(orgMembers.role, 'owner'))),
    db
      .update(orgMembers)
      .set({ role: 'owner' })
      .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, to))),
    auditEntry(db, { orgId, actorId: accountId, action: 'org.owner_transferred', subject: to }, now),
  ]);
  return orgOfMemberOrThrow(db, orgId, accountId);
}

/** The log, newest first, a page at a time (`before` an entry's id). Owners and admins only. */
export async function listAudit(db: Db, orgId: string, accountId: string, before?: number) {
  await orgOfMemberOrThrow(db, orgId, accountId, 'admin');
  const rows = await db
    .select()
    .from(orgAudit)
    .where(and(eq(orgAudit.orgId, orgId), before === undefined ? undefined : lt(orgAudit.id, before)))
    .orderBy(desc(orgAudit.id))
    .limit(200)
    .all();
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    actor_id: row.actorId,
    subject: row.subject,
    detail: row.detail ?? null,
    created_at: new Date(row.createdAt).toISOString(),
  }));
}

/** The members, with each one's work card here (if they hold one). Owners and admins only. */
export async function listMembers(db: Db, orgId: string, accountId: string) {
  const { org } = await orgOfMemberOrThrow(db, orgId, accountId, 'admin');
  const rows = await db
    .select({
      userId: orgMembers.userId,
      role: orgMembers.role,
      joinedAt: orgMembers.joinedAt,
      email: users.email,
      name: sql<string>`coalesce((SELECT name FROM cards WHERE user_id = ${orgMembers.userId} AND is_primary = 1), '')`,
      cardId: sql<
        string | null
      >`(SELECT id FROM cards WHERE user_id = ${orgMembers.userId} AND org_id = ${org.id} LIMIT 1)`,
    })
    .from(orgMembers)
    .innerJoin(users, and(eq(users.id, orgMembers.userId), ne(users.status, 'deleted')))
    .where(eq(orgMembers.orgId, org.id))
    .orderBy(asc(orgMembers.joinedAt))
    .all();
  return rows.map((row) => ({
    user_id: row.userId,
    name: row.name,
    email: row.email,
    role: row.role,
    joined_at: new Date(row.joinedAt).toISOString(),
    card_id: row.cardId,
  }));
}

/** An admin may make members admins and admins members; the owner's role changes only by a transfer. */
export async function changeRole(
  db: Db,
  orgId: string,
  accountId: string,
  memberId: string,
  role: 'admin' | 'member',
  now = Date.now(),
) {
  await orgOfMemberOrThrow(db, orgId, accountId, 'admin');
  const target = await db
    .select({ role: orgMembers.role })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, memberId)))
    .get();
  if (!target) throw new AppError(404, NOT_A_MEMBER);
  if (target.role === 'owner') throw new AppError(403, 'The owner’s role changes only by handing the organisation on');
  await db.batch([
    db
      .update(orgMembers)
      .set({ role })
      .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, memberId), ne(orgMembers.role, 'owner'))),
    auditEntry(
      db,
      {
        orgId,
        actorId: accountId,
        action: 'member.role_changed',
        subject: memberId,
        detail: { from: target.role, to: role },
      },
      now,
    ),
  ]);
}

/** Work cards of the organisation, each with who holds it. Owners and admins only. */
export async function listWorkCards(db: Db, origin: string, orgId: string, accountId: string) {
  const { org } = await orgOfMemberOrThrow(db, orgId, accountId, 'admin');
  const rows = await db
    .select({
      id: cards.id,
      username: cards.username,
      name: cards.name,
      userId: cards.userId,
      pausedAt: cards.pausedAt,
    })
    .from(cards)
    .where(eq(cards.orgId, org.id))
    .orderBy(asc(cards.createdAt), asc(cards.id))
    .all();
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    name: row.name,
    state: row.userId !== org.holderId ? ('held' as const) : row.pausedAt ? ('paused' as const) : ('invited' as const),
    holder_id: row.userId === org.holderId ? null : row.userId,
    url: `${origin}/p/${row.username}`,
  }));
}
