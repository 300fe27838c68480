// The statistics as they were computed before the rollups: from the raw ledger alone (plus
// the buffer), every event aggregated on each read. The rollup tests hold the product's
// answers against this reference.
import { STATS_DAYS, STATS_TOP, type Stats } from '@shared/schemas/stats';
import { ROW_COLUMNS } from '../../../worker/services/events/buffer';
import { bufferedJson } from '../../../worker/services/events/pending';
import { statsOfRows } from '../../../worker/services/events/stats';

const DAY_MS = 24 * 60 * 60 * 1000;

const EVENTS_CTE = `WITH buffered AS (SELECT ${ROW_COLUMNS} FROM json_each(?1) AS j),
ev AS (
  SELECT kind, link_id, at, visitor, country, referrer, device, channel FROM events WHERE user_id = ?2
  UNION ALL
  SELECT kind, link_id, at, visitor, country, referrer, device, channel FROM buffered AS b
  WHERE b.user_id = ?2 AND NOT EXISTS (SELECT 1 FROM events WHERE events.id = b.id)
)`;

const breakdown = (column: string, where = '1') =>
  `${EVENTS_CTE} SELECT ${column} AS name, sum(kind = 'view') AS views, sum(kind = 'click') AS clicks
  FROM ev WHERE ${where} GROUP BY 1 ORDER BY views DESC, clicks DESC, name LIMIT ${STATS_TOP}`;

export async function ledgerStats(db: D1Database, kv: KVNamespace, ownerId: string, now = Date.now()): Promise<Stats> {
  const json = await bufferedJson(kv, ownerId, now);
  const today = Math.floor(now / DAY_MS);
  const firstDay = today - STATS_DAYS + 1;
  const q = (sql: string, ...extra: unknown[]) => db.prepare(sql).bind(json, ownerId, ...extra);
  const [totals, days, links, referrers, countries, devices, channels] = await db.batch([
    q(`${EVENTS_CTE} SELECT count(*) FILTER (WHERE kind = 'view') AS views, count(*) FILTER (WHERE kind = 'click') AS clicks,
      count(DISTINCT visitor) AS visitors, count(DISTINCT visitor) FILTER (WHERE kind = 'click') AS clickers,
      max(at) FILTER (WHERE kind = 'view') AS last_viewed_at FROM ev`),
    q(
      `${EVENTS_CTE} SELECT at / ${DAY_MS} AS day, sum(kind = 'view') AS views, sum(kind = 'click') AS clicks,
      count(DISTINCT visitor) AS visitors FROM ev WHERE at >= ?3 GROUP BY 1`,
      firstDay * DAY_MS,
    ),
    q(`${EVENTS_CTE} SELECT l.id, l.title, l.is_active, coalesce(c.clicks, 0) AS clicks FROM links AS l
      LEFT JOIN (SELECT link_id, count(*) AS clicks FROM ev WHERE kind = 'click' GROUP BY link_id) AS c ON c.link_id = l.id
      WHERE l.user_id = ?2 ORDER BY l.display_order, l.id`),
    q(breakdown('referrer', 'referrer IS NOT NULL')),
    q(breakdown(`coalesce(country, 'unknown')`)),
    q(breakdown('device')),
    q(breakdown('channel')),
  ]);

  return statsOfRows([totals, days, links, referrers, countries, devices, channels], firstDay);
}
