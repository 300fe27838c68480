import { and, desc, eq, isNotNull, isNull, like, or, sql } from 'drizzle-orm';
import type { AdminAccount, AdminAuditEntry, AdminFlaggedLink, AdminReport } from '@shared/schemas/operators';
import { auditLog, links, profiles, reports, users } from '../db/schema';
import type { Bindings, Db } from '../env';
import { AppError, notFound } from '../lib/errors';
import { deleteAccount } from './account-data/deletion';
import { activation, deactivation } from './sign-out';

/**
 * What the admin console does (README, Operating: the console). Every action changes the
 * account and writes its audit row in one batch: who, what, on whom, when and why.
 */

export type Actor = { id: string; email: string };
export const ACCOUNT_NOT_FOUND = 'Account not found';
const NOT_YOURSELF = 'You cannot do this to your own account.';
const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

const auditRow = (db: Db, actor: Actor, action: string, target: Target | null, reason: string, now: number) =>
  db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    targetId: target?.id ?? null,
    targetLabel: target?.username ?? null,
    reason,
    createdAt: now,
  });

type Target = { id: string; email: string; status: string; username: string | null; takenDownAt: number | null };

async function target(db: Db, id: string): Promise<Target> {
  const row = await db
    .select({
      id: users.id,
      email: users.email,
      status: users.status,
      username: profiles.username,
      takenDownAt: profiles.takenDownAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, id))
    .get();
  if (!row || row.status === 'deleted') throw notFound(ACCOUNT_NOT_FOUND);
  return row;
}

export async function actorOf(db: Db, userId: string): Promise<Actor> {
  const row = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).get();
  if (!row) throw notFound();
  return row;
}

export async function listAccounts(
  db: Db,
  { q, status }: { q: string; status: 'all' | 'active' | 'pending' },
): Promise<AdminAccount[]> {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      status: users.status,
      role: users.role,
      createdAt: users.createdAt,
      username: profiles.username,
      name: profiles.name,
      takenDownAt: profiles.takenDownAt,
      takedownReason: profiles.takedownReason,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        sql`${users.status} != 'deleted'`,
        status === 'all' ? undefined : eq(users.status, status),
        q
          ? or(sql`${users.email} LIKE ${pattern} ESCAPE '\\'`, sql`${profiles.username} LIKE ${pattern} ESCAPE '\\'`)
          : undefined,
      ),
    )
    .orderBy(status === 'pending' ? users.createdAt : desc(users.createdAt))
    .limit(100)
    .all();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    status: row.status,
    is_admin: row.role === 'admin',
    username: row.username,
    name: row.name,
    created_at: iso(row.createdAt),
    taken_down_at: iso(row.takenDownAt),
    takedown_reason: row.takedownReason,
  }));
}

export type AccountAction = 'activate' | 'deactivate' | 'reject' | 'takedown' | 'restore';

export async function actOnAccount(
  db: Db,
  env: Pick<Bindings, 'DB' | 'EVENTS' | 'MEDIA'>,
  actor: Actor,
  { id, action, reason }: { id: string; action: AccountAction; reason: string },
  now = Date.now(),
) {
  const who = await target(db, id);
  if (who.id === actor.id && action !== 'activate' && action !== 'restore') throw new AppError(422, NOT_YOURSELF);
  const audit = auditRow(db, actor, action, who, reason, now);
  if (action === 'activate') {
    await db.batch([activation(db, id, now), audit]);
  } else if (action === 'deactivate') {
    // Back to pending with the statements of `npm run admin -- deactivate`: signed out everywhere, card offline.
    await db.batch([...deactivation(db, id, now), audit]);
  } else if (action === 'reject') {
    if (who.status !== 'pending') throw new AppError(422, 'Only an account waiting for activation can be rejected.');
    await audit;
    await deleteAccount(db, env, id);
  } else if (action === 'takedown') {
    if (!who.username) throw notFound(ACCOUNT_NOT_FOUND);
    await db.batch([
      db.update(profiles).set({ takenDownAt: now, takedownReason: reason }).where(eq(profiles.userId, id)),
      db
        .update(reports)
        .set({ resolution: 'taken_down', resolvedAt: now })
        .where(and(eq(reports.userId, id), isNull(reports.resolvedAt))),
      audit,
    ]);
  } else {
    await db.batch([
      db.update(profiles).set({ takenDownAt: null, takedownReason: null }).where(eq(profiles.userId, id)),
      audit,
    ]);
  }
}

export async function listReports(db: Db): Promise<AdminReport[]> {
  const rows = await db
    .select({
      id: reports.id,
      userId: reports.userId,
      reason: reports.reason,
      note: reports.note,
      createdAt: reports.createdAt,
      username: profiles.username,
    })
    .from(reports)
    .innerJoin(profiles, eq(profiles.userId, reports.userId))
    .where(isNull(reports.resolvedAt))
    .orderBy(desc(reports.createdAt))
    .limit(200)
    .all();
  return rows.map((row) => ({
    id: row.id,
    account_id: row.userId,
    username: row.username,
    reason: row.reason,
    note: row.note,
    created_at: iso(row.createdAt),
  }));
}

export async function dismissReport(db: Db, actor: Actor, id: number, reason: string, now = Date.now()) {
  const report = await db
    .select()
    .from(reports)
    .where(and(eq(reports.id, id), isNull(reports.resolvedAt)))
    .get();
  if (!report) throw notFound('Report not found');
  const who = await target(db, report.userId);
  await db.batch([
    db.update(reports).set({ resolution: 'dismissed', resolvedAt: now }).where(eq(reports.id, id)),
    auditRow(db, actor, 'dismiss_report', who, reason, now),
  ]);
}

export async function listFlaggedLinks(db: Db): Promise<AdminFlaggedLink[]> {
  const rows = await db
    .select({
      id: links.id,
      title: links.title,
      url: links.url,
      flaggedAt: links.flaggedAt,
      flaggedBy: links.flaggedBy,
      userId: links.userId,
      username: profiles.username,
    })
    .from(links)
    .innerJoin(profiles, eq(profiles.userId, links.userId))
    .where(isNotNull(links.flaggedAt))
    .orderBy(desc(links.flaggedAt))
    .limit(200)
    .all();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    url: row.url,
    account_id: row.userId,
    username: row.username,
    matched: row.flaggedBy,
    flagged_at: iso(row.flaggedAt),
  }));
}

export async function listAudit(db: Db, q = ''): Promise<AdminAuditEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(q ? like(auditLog.targetLabel, `%${q}%`) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(200)
    .all();
  return rows.map((row) => ({
    id: row.id,
    actor: row.actorEmail,
    action: row.action,
    target: row.targetLabel,
    target_id: row.targetId,
    reason: row.reason,
    created_at: iso(row.createdAt),
  }));
}
