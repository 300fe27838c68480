import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { blocklistState, links } from '../../db/schema';
import type { Db } from '../../env';
import { listedEntries } from './blocklist';

/** Links checked per cron tick while a scan runs. */
export const SCAN_PAGE = 500;

/**
 * Links saved before their destination was listed: whenever the list's version changes
 * (refreshFeed), the cron walks every link, a page a tick, and flags the listed ones (the card
 * then sends visitors through /go/<id>) and clears flags whose entry left the list. Answers the
 * number of links checked (0 when no scan is due).
 */
export async function scanLinks(db: Db, now = Date.now()) {
  const state = await db.select().from(blocklistState).where(eq(blocklistState.id, 1)).get();
  if (!state?.listVersion || state.scannedVersion === state.listVersion) return 0;
  const page = await db
    .select({ id: links.id, url: links.url, flaggedAt: links.flaggedAt })
    .from(links)
    .where(gt(links.id, state.scanCursor))
    .orderBy(asc(links.id))
    .limit(SCAN_PAGE)
    .all();
  const listed = await listedEntries(
    db,
    page.map((link) => link.url),
  );
  const flag = page.flatMap((link, i) => (listed[i] && link.flaggedAt == null ? [{ id: link.id, by: listed[i] }] : []));
  const clear = page.filter((link, i) => !listed[i] && link.flaggedAt != null).map((link) => link.id);
  const last = page.at(-1)?.id ?? 0;
  const done = page.length < SCAN_PAGE;
  await db.batch([
    db
      .update(blocklistState)
      .set(done ? { scanCursor: 0, scannedVersion: state.listVersion } : { scanCursor: last })
      .where(eq(blocklistState.id, 1)),
    // One statement for the whole page, however many are listed: the cron's D1 queries stay
    // bounded (docs/decisions/0088).
    db
      .update(links)
      .set({
        flaggedAt: now,
        flaggedBy: sql`(SELECT j.value ->> 'by' FROM json_each(${JSON.stringify(flag)}) AS j WHERE j.value ->> 'id' = ${links.id})`,
      })
      .where(
        and(
          inArray(links.id, sql`(SELECT j.value ->> 'id' FROM json_each(${JSON.stringify(flag)}) AS j)`),
          isNull(links.flaggedAt),
        ),
      ),
    db
      .update(links)
      .set({ flaggedAt: null, flaggedBy: null })
      .where(and(inArray(links.id, clear.length > 0 ? clear : [-1]), isNotNull(links.flaggedAt))),
  ]);
  return page.length;
}
