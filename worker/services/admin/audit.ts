import { desc, sql } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE } from '@shared/constants';
import type { AdminAuditPage } from '@shared/schemas/admin';
import { auditLog, cards } from '../../db/schema';
import type { Db } from '../../env';
import { COMMAND_LINE_ID } from '../operator-statements';
import { iso, pageOf } from './common';
import { primaryCardOf } from '../card-owner';

/**
 * A page of the audit log (AUDIT_PAGE_SIZE), newest first, with how many entries there are. The
 * operator's card name is read now (the console writes sentences with it); the address stored
 * with the entry names them when their account is gone.
 */
export async function listAudit(db: Db, { page }: { page: number }): Promise<AdminAuditPage> {
  const { limit, offset } = pageOf(page, AUDIT_PAGE_SIZE);
  const [rows, [counted]] = await db.batch([
    db
      .select({ entry: auditLog, actorName: cards.name })
      .from(auditLog)
      .leftJoin(cards, primaryCardOf(auditLog.actorId))
      .orderBy(desc(auditLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)` }).from(auditLog),
  ]);
  return {
    entries: rows.map(({ entry, actorName }) => ({
      id: entry.id,
      actor_kind: entry.actorId === COMMAND_LINE_ID ? 'command_line' : 'operator',
      actor: entry.actorEmail,
      actor_name: actorName,
      action: entry.action,
      target: entry.targetLabel,
      target_id: entry.targetId,
      report_id: entry.reportId,
      reason: entry.reason,
      created_at: iso(entry.createdAt),
    })),
    total: counted?.n ?? 0,
    page,
    page_size: AUDIT_PAGE_SIZE,
  };
}
