import { HOUR_MS, REPORTS_PER_CLIENT_PER_HOUR, type ReportReason } from '@shared/constants';
import { reports } from '../db/schema';
import type { Db } from '../env';
import { reserveAttempt } from './attempts';

/**
 * Stores a visitor's report of a card, bounded per client (a keyed hash of the address, the
 * same one the sign-in bounds use; never the address): answers false when the bound is full
 * and nothing was stored. The reporter is not stored with the report.
 */
export async function fileReport(
  db: Db,
  report: { ownerId: string; accountId: string; reason: ReportReason; note: string; client: string },
  now = Date.now(),
) {
  const slot = await reserveAttempt(
    db,
    'report_client',
    report.client,
    [{ windowMs: HOUR_MS, max: REPORTS_PER_CLIENT_PER_HOUR }],
    now,
  );
  if (slot == null) return false;
  await db.insert(reports).values({
    userId: report.accountId,
    cardId: report.ownerId,
    reason: report.reason,
    note: report.note,
    createdAt: now,
  });
  return true;
}
