import { STATS_DAYS, STATS_TOP, type Stats, type StatsRange } from '@shared/schemas/stats';
import { bufferedJson, FRESH_CTE } from './pending';
import { DAY_MS } from './rollup-sql';

type Totals = {
  views: number;
  clicks: number;
  visitors: number;
  clickers: number;
  last_viewed_at: number | null;
};
type DayRow = { day: number; views: number; clicks: number; visitors: number };
type LinkRow = { id: number; title: string; is_active: number; clicks: number };
type BreakdownRow = { name: string; views: number; clicks: number };

/** A percentage rounded to 2 decimals, 0 for an empty denominator (docs/product.md §9). */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

// A breakdown: the rollups' rows of the facet plus the fresh events, by name (?3 the first day
// of the period, ?4 the facet).
const breakdown = (column: string, where = '1') =>
  `${FRESH_CTE} SELECT name, sum(views) AS views, sum(clicks) AS clicks FROM (
    SELECT name, views, clicks FROM daily_breakdowns WHERE user_id = ?2 AND day >= ?3 AND facet = ?4
    UNION ALL SELECT ${column}, kind = 'view', kind = 'click' FROM fresh WHERE day >= ?3 AND ${where}
  ) GROUP BY name ORDER BY views DESC, clicks DESC, name LIMIT ${STATS_TOP}`;

/**
 * GET /v1/user/stats: one read of the card's buffered events, then one D1 batch (a single
 * consistent snapshot) over the daily rollups plus the buffer, so the cost follows the days
 * a card has been visited, never its number of events (README, Decisions: rollups and
 * retention). Every figure covers the period `range`: the last 7, 30 or 90 UTC days (today
 * included) or all time; the daily series has every day of the period present (for all time,
 * the last STATS_DAYS days).
 */
export async function getStats(
  db: D1Database,
  kv: KVNamespace,
  ownerId: string,
  now = Date.now(),
  range: StatsRange = 'all',
): Promise<Stats> {
  const json = await bufferedJson(kv, ownerId, now);
  const today = Math.floor(now / DAY_MS);
  const since = range === 'all' ? 0 : today - Number(range) + 1;
  // The chart: every day of the period, or the last STATS_DAYS days for all time.
  const seriesDays = range === 'all' ? STATS_DAYS : Number(range);
  const q = (sql: string, ...extra: unknown[]) => db.prepare(sql).bind(json, ownerId, since, ...extra);
  const results = await db.batch([
    q(`${FRESH_CTE} SELECT coalesce(sum(views), 0) AS views, coalesce(sum(clicks), 0) AS clicks,
      coalesce(sum(visitors), 0) AS visitors, coalesce(sum(clickers), 0) AS clickers,
      max(last_view_at) AS last_viewed_at FROM days WHERE day >= ?3`),
    q(
      `${FRESH_CTE} SELECT day, sum(views) AS views, sum(clicks) AS clicks, sum(visitors) AS visitors
      FROM days WHERE day >= ?4 GROUP BY day`,
      today - seriesDays + 1,
    ),
    q(`${FRESH_CTE} SELECT l.id, l.title, l.is_active, coalesce(c.clicks, 0) AS clicks FROM links AS l
      LEFT JOIN (SELECT link_id, sum(clicks) AS clicks FROM (
        SELECT link_id, clicks FROM daily_link_clicks WHERE user_id = ?2 AND day >= ?3
        UNION ALL SELECT link_id, 1 FROM fresh WHERE kind = 'click' AND day >= ?3
      ) GROUP BY link_id) AS c ON c.link_id = l.id
      WHERE l.user_id = ?2 ORDER BY l.display_order, l.id`),
    q(breakdown('referrer', 'referrer IS NOT NULL'), 'referrer'),
    q(breakdown(`coalesce(country, 'unknown')`), 'country'),
    q(breakdown('device'), 'device'),
    q(breakdown('channel'), 'channel'),
    // Shared contacts: a conversion, counted when stored (contact_settings.submitted), all time.
    db.prepare('SELECT submitted FROM contact_settings WHERE user_id = ?1').bind(ownerId),
  ]);

  return statsOfRows(results, today - seriesDays + 1, seriesDays);
}

/**
 * The answer from the batch's results, in `getStats`' order: totals, the days of the series
 * (from `firstDay`), the links, then the referrer, country, device and channel breakdowns, and
 * the contacts shared.
 */
export function statsOfRows(results: (D1Result | undefined)[], firstDay: number, days = STATS_DAYS): Stats {
  const [totals, dayRows, links, referrers, countries, devices, channels, contacts] = results;
  const shared = (contacts?.results[0] as { submitted: number } | undefined)?.submitted ?? 0;
  const t = (totals?.results[0] as Totals | undefined) ?? {
    views: 0,
    clicks: 0,
    visitors: 0,
    clickers: 0,
    last_viewed_at: null,
  };
  const byDay = new Map((dayRows?.results as DayRow[]).map((row) => [row.day, row]));
  const linkRows = links?.results as LinkRow[];
  const list = (result: D1Result | undefined) =>
    (result?.results as BreakdownRow[]).map((row) => ({ name: row.name, views: row.views, clicks: row.clicks }));

  return {
    profile_views: t.views,
    link_clicks: t.clicks,
    conversion_rate: percent(t.clickers, t.visitors),
    links_count: linkRows.length,
    active_links_count: linkRows.filter((link) => link.is_active === 1).length,
    unique_visitors: t.visitors,
    last_viewed_at: t.last_viewed_at == null ? null : new Date(t.last_viewed_at).toISOString(),
    contacts_submitted: shared,
    contact_rate: percent(shared, t.visitors),
    daily: Array.from({ length: days }, (_, i) => {
      const row = byDay.get(firstDay + i);
      return {
        date: new Date((firstDay + i) * DAY_MS).toISOString().slice(0, 10),
        views: row?.views ?? 0,
        clicks: row?.clicks ?? 0,
        unique_visitors: row?.visitors ?? 0,
      };
    }),
    links: linkRows.map((link) => ({
      id: link.id,
      title: link.title,
      is_active: link.is_active === 1,
      clicks: link.clicks,
      click_through_rate: percent(link.clicks, t.views),
    })),
    referrers: list(referrers),
    countries: list(countries),
    devices: list(devices),
    channels: list(channels),
  };
}
