// The statistics as they were computed before the rollups: from the raw events alone, every
// event aggregated on each read (a save of the contact counts its visitor and has no breakdown). The rollup tests hold the product's answers against this
// reference, over every range, whatever the ledger has forgotten and the rollups compacted.
import { STATS_DAYS, STATS_TOP, type Stats, type StatsRange } from '@shared/schemas/stats';
import { ROW_COLUMNS, toRow, type BufferedEvent } from '../../../worker/services/events/buffer';
import { statsOfRows } from '../../../worker/services/events/stats';

const DAY_MS = 24 * 60 * 60 * 1000;

const EVENTS_CTE = `WITH ev AS (SELECT kind, link_id, at, visitor, country, referrer, device, channel
  FROM (SELECT ${ROW_COLUMNS} FROM json_each(?1) AS j) WHERE user_id = ?2 AND at >= ?3)`;

const breakdown = (column: string, where = '1') =>
  `${EVENTS_CTE} SELECT ${column} AS name, sum(kind = 'view') AS views, sum(kind = 'click') AS clicks
  FROM ev WHERE kind <> 'save' AND ${where} GROUP BY 1 ORDER BY views DESC, clicks DESC, name LIMIT ${STATS_TOP}`;

/**
 * GET /v1/user/stats of `ownerId` at `now` over `range`, computed from `events`, every event
 * ever counted for the card (the card's links come from D1).
 */
export async function rawStats(
  db: D1Database,
  events: Omit<BufferedEvent, 'key'>[],
  ownerId: string,
  now: number,
  range: StatsRange = 'all',
): Promise<Stats> {
  const json = JSON.stringify(events.map((event) => toRow({ ...event, key: '' })));
  const today = Math.floor(now / DAY_MS);
  const since = range === 'all' ? 0 : today - Number(range) + 1;
  const days = range === 'all' ? STATS_DAYS : Number(range);
  const firstDay = today - days + 1;
  const q = (sql: string, ...extra: unknown[]) => db.prepare(sql).bind(json, ownerId, since * DAY_MS, ...extra);
  const [totals, daily, links, referrers, countries, devices, channels] = await db.batch([
    // A visitor hash names one visitor on one day (the keys rotate daily): distinct per day, added up.
    q(`${EVENTS_CTE} SELECT count(*) FILTER (WHERE kind = 'view') AS views, count(*) FILTER (WHERE kind = 'click') AS clicks,
      count(DISTINCT (at / ${DAY_MS}) || visitor) AS visitors,
      count(DISTINCT (at / ${DAY_MS}) || visitor) FILTER (WHERE kind = 'click') AS clickers,
      count(*) FILTER (WHERE kind = 'save') AS saves, max(at) FILTER (WHERE kind = 'view') AS last_viewed_at FROM ev`),
    q(
      `${EVENTS_CTE} SELECT at / ${DAY_MS} AS day, sum(kind = 'view') AS views, sum(kind = 'click') AS clicks,
      count(DISTINCT visitor) AS visitors FROM ev WHERE at >= ?4 GROUP BY 1`,
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

  return statsOfRows([totals, daily, links, referrers, countries, devices, channels], firstDay, days);
}
