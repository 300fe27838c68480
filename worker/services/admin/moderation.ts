import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, type ReportState } from '@shared/constants';
import type { AdminFlaggedLink, AdminReportsPage } from '@shared/schemas/admin';
import { links, cards, reports } from '../../db/schema';
import type { Db } from '../../env';
import { AppError, notFound } from '../../lib/errors';
import { auditEntry, type Actor } from '../operator-statements';
import { iso, pageOf, target } from './common';

// Visitors' reports, kept with their history (open, dismissed, acted on), and flagged links.

const REPORT_FILTER: Record<ReportState, ReturnType<typeof and>> = {
  open: isNull(reports.resolvedAt),
  dismissed: and(isNotNull(reports.resolvedAt), eq(reports.resolution, 'dismissed')),
  taken_down: and(isNotNull(reports.resolvedAt), eq(reports.resolution, 'taken_down')),
};

/** A page of reports in one state: open ones newest first, closed ones by when they were closed. */
export async function listReports(
  db: Db,
  { state, page }: { state: ReportState; page: number },
): Promise<AdminReportsPage> {
  const { limit, offset } = pageOf(page, ADMIN_PAGE_SIZE);
  const order =
    state === 'open' ? [desc(reports.createdAt), desc(reports.id)] : [desc(reports.resolvedAt), desc(reports.id)];
  const [rows, [counted]] = await db.batch([
    db
      .select({
        report: reports,
        // Named apart from the report's own id, which a bare `cards.id` would shadow in the row.
        cardId: sql<string>`${cards.id}`.as('reported_card_id'),
        username: cards.username,
        takenDownAt: cards.takenDownAt,
      })
      .from(reports)
      .innerJoin(cards, eq(cards.id, reports.cardId))
      .where(REPORT_FILTER[state])
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)` })
      .from(reports)
      .innerJoin(cards, eq(cards.id, reports.cardId))
      .where(REPORT_FILTER[state]),
  ]);
  return {
    reports: rows.map(({ report, cardId, username, takenDownAt }) => ({
      id: report.id,
      account_id: report.userId,
      card_id: cardId,
      username,
      reason: report.reason,
      note: report.note,
      created_at: iso(report.createdAt),
      state: report.resolvedAt == null ? 'open' : (report.resolution ?? 'dismissed'),
      resolved_at: iso(report.resolvedAt),
      resolved_by: report.resolvedBy,
      resolution_reason: report.resolutionReason,
      card_taken_down: takenDownAt != null,
    })),
    total: counted?.n ?? 0,
    page,
    page_size: ADMIN_PAGE_SIZE,
  };
}

/** Closes an open report without acting on the card; the report and the audit keep why. */
export async function dismissReport(db: Db, actor: Actor, id: number, reason: string, now = Date.now()) {
  // With the reported card's username: the audit names that card, which may be another than the
  // account's primary one.
  const found = await db
    .select({ report: reports, username: cards.username })
    .from(reports)
    .leftJoin(cards, eq(cards.id, reports.cardId))
    .where(eq(reports.id, id))
    .get();
  if (!found) throw notFound('Report not found');
  const { report, username } = found;
  if (report.resolvedAt != null) throw new AppError(409, 'This report is already closed.');
  const who = await target(db, report.userId, null);
  await db.batch([
    db
      .update(reports)
      .set({ resolution: 'dismissed', resolvedAt: now, resolvedBy: actor.email, resolutionReason: reason })
      .where(eq(reports.id, id)),
    auditEntry(
      db,
      {
        actor,
        action: 'dismiss_report',
        target: { id: who.id, username: username ?? who.username },
        reason,
        reportId: id,
      },
      now,
    ),
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
      username: cards.username,
    })
    .from(links)
    .innerJoin(cards, eq(cards.id, links.cardId))
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
