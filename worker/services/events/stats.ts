import { STATS_DAYS, STATS_TOP, type Stats, type StatsRange } from '@shared/schemas/stats';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { cards, dailyBreakdowns, dailyLinkClicks, links } from '../../db/schema';
import { statement } from '../../db/client';
import type { Db } from '../../env';
import { bufferedJson, freshCte } from './pending';
import { DAY_MS } from './rollup-sql';

type Totals = {
  views: number;
  clicks: number;
  visitors: number;
  clickers: number;
  saves: number;
  last_viewed_at: number | null;
};
type DayRow = { day: number; views: number; clicks: number; visitors: number };
type LinkRow = { id: number; title: string; is_active: number; clicks: number };
type BreakdownRow = { name: string; views: number; clicks: number };

/** A percentage rounded to 2 decimals, 0 for an empty denominator (docs/product.md §9). */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

const TOP = sql.raw(String(STATS_TOP));

// A breakdown: the rollups' rows of the facet plus the fresh events, by name, from day `since`.
const breakdown = (fresh: SQL, ownerId: string, since: number, facet: string, column: SQL, where = sql`1`) =>
  sql`${fresh} SELECT name, sum(views) AS views, sum(clicks) AS clicks FROM (
    SELECT ${dailyBreakdowns.name} AS name, ${dailyBreakdowns.views} AS views, ${dailyBreakdowns.clicks} AS clicks
    FROM ${dailyBreakdowns} WHERE ${dailyBreakdowns.userId} = ${ownerId} AND ${dailyBreakdowns.day} >= ${since} AND ${dailyBreakdowns.facet} = ${facet}
    UNION ALL SELECT ${column}, kind = 'view', kind = 'click' FROM fresh WHERE day >= ${since} AND ${where}
  ) GROUP BY name ORDER BY views DESC, clicks DESC, name LIMIT ${TOP}`;

/**
 * GET /v1/user/stats: one read of the card's buffered events, then one D1 batch (a single
 * consistent snapshot) over the daily rollups plus the buffer in the card's counting database
 * (`counts`, counts.ts), and beside it one over its links and contacts in the accounts
 * database (`db`, in the owner's session), so the cost follows the days
 * a card has been visited, never its number of events (README, Decisions: rollups and
 * retention). Every figure covers the period `range`: the last 7, 30 or 90 UTC days (today
 * included) or all time; the daily series has every day of the period present (for all time,
 * the last STATS_DAYS days).
 */
export async function getStats(
  db: Db,
  counts: Db,
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
  const fresh = freshCte(json, ownerId);
  // Each answers D1's own result (rows as objects), which statsOfRows reads.
  const [counted, owned] = await Promise.all([
    counts.batch([
      statement(
        counts,
        sql`${fresh} SELECT coalesce(sum(views), 0) AS views, coalesce(sum(clicks), 0) AS clicks,
      coalesce(sum(visitors), 0) AS visitors, coalesce(sum(clickers), 0) AS clickers,
      coalesce(sum(saves), 0) AS saves, max(last_view_at) AS last_viewed_at FROM days WHERE day >= ${since}`,
      ),
      statement(
        counts,
        sql`${fresh} SELECT day, sum(views) AS views, sum(clicks) AS clicks, sum(visitors) AS visitors
      FROM days WHERE day >= ${today - seriesDays + 1} GROUP BY day`,
      ),
      statement(
        counts,
        sql`${fresh} SELECT link_id, sum(clicks) AS clicks FROM (
        SELECT ${dailyLinkClicks.linkId} AS link_id, ${dailyLinkClicks.clicks} AS clicks FROM ${dailyLinkClicks}
        WHERE ${dailyLinkClicks.userId} = ${ownerId} AND ${dailyLinkClicks.day} >= ${since}
        UNION ALL SELECT link_id, 1 FROM fresh WHERE kind = 'click' AND day >= ${since}
      ) GROUP BY link_id`,
      ),
      statement(counts, breakdown(fresh, ownerId, since, 'referrer', sql`referrer`, sql`referrer IS NOT NULL`)),
      statement(counts, breakdown(fresh, ownerId, since, 'country', sql`coalesce(country, 'unknown')`)),
      statement(counts, breakdown(fresh, ownerId, since, 'device', sql`device`)),
      statement(counts, breakdown(fresh, ownerId, since, 'channel', sql`channel`)),
    ]),
    db.batch([
      db
        .select({ id: links.id, title: links.title, is_active: links.isActive })
        .from(links)
        // A header is a section's title: nobody clicks it, so it is no row of the statistics.
        .where(and(eq(links.cardId, ownerId), eq(links.kind, 'link')))
        .orderBy(asc(links.displayOrder), asc(links.id)),
      // Shared contacts: a conversion, counted when stored (cards.contacts_submitted), all time.
      db.select({ submitted: cards.contactsSubmitted }).from(cards).where(eq(cards.id, ownerId)),
    ]),
  ]);
  const [totals, days, linkClicks, ...breakdowns] = counted;
  const [linkRows, contacts] = owned;
  const clicksOf = new Map(
    (linkClicks?.results as { link_id: number; clicks: number }[]).map((row) => [row.link_id, row.clicks]),
  );
  const results = [
    totals,
    days,
    rows(linkRows.map((link) => ({ ...link, is_active: link.is_active ? 1 : 0, clicks: clicksOf.get(link.id) ?? 0 }))),
    ...breakdowns,
    rows(contacts),
  ];

  return statsOfRows(results, today - seriesDays + 1, seriesDays);
}

/**
 * A card's views and clicks of all time, as its statistics' totals count them (the rollups plus
 * its buffered events): the figures the dashboard's list of cards shows beside each card.
 */
export async function cardTotals(counts: Db, kv: KVNamespace, cardId: string, now = Date.now()) {
  const fresh = freshCte(await bufferedJson(kv, cardId, now), cardId);
  const row = await counts.get<{ views: number; clicks: number } | undefined>(
    sql`${fresh} SELECT coalesce(sum(views), 0) AS views, coalesce(sum(clicks), 0) AS clicks FROM days`,
  );
  return { views: row?.views ?? 0, clicks: row?.clicks ?? 0 };
}

/** Rows read by drizzle, in the shape of D1's own result that statsOfRows reads. */
const rows = (results: object[]) => ({ results, success: true, meta: {} }) as unknown as D1Result;

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
    saves: 0,
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
    // Contacts are counted all time and one visitor may leave several: never above 100 %.
    contact_rate: Math.min(100, percent(shared, t.visitors)),
    contact_saves: t.saves,
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
