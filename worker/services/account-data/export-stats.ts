import { eq, sql, type SQL } from 'drizzle-orm';
import { dailyBreakdowns, dailyLinkClicks, links } from '../../db/schema';
import type { Db } from '../../env';
import { bufferedJson, freshCte } from '../events/pending';
import { DAY_MS } from '../events/rollup-sql';
import { csvLine } from '../../lib/csv';

/**
 * The statistics of the export as CSV, read like GET /v1/user/stats reads them (the daily
 * rollups plus the events still buffered, pending.ts) but day by day and in pages, so a card
 * with years of history never sits in memory at once.
 */

const PAGE = 500;
const PAGE_SQL = sql.raw(String(PAGE));
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** A row's date: the day, or for a month compacted into its first day (compaction.ts) the month, YYYY-MM. */
const periodOf = (day: number, span: unknown) => (Number(span) > 1 ? dateOf(day).slice(0, 7) : dateOf(day));

type Emit = (text: string) => Promise<void>;
type Row = Record<string, number | string | null>;
/** Runs a read of the card's statistics: `read` gets the CTEs (pending.ts) to put in front. */
type Query = (read: (fresh: SQL) => SQL) => Promise<Row[]>;

/** `counts`: the card's counting database (counts.ts); `db`: the accounts database, for the links' titles. */
export async function statsReader(db: Db, counts: Db, kv: KVNamespace, ownerId: string, now = Date.now()) {
  const json = await bufferedJson(kv, ownerId, now);
  const fresh = freshCte(json, ownerId);
  const query: Query = (read) => counts.all<Row>(read(fresh));
  // Titles of the links the card has now; a deleted link's clicks keep its id, with an empty title.
  const owned = await db
    .select({ id: links.id, title: links.title })
    .from(links)
    .where(eq(links.cardId, ownerId))
    .all();
  const titles = new Map(owned.map((link) => [link.id, link.title]));
  return { query, ownerId, titles, today: Math.floor(now / DAY_MS) };
}

/**
 * Every day from the card's first counted day to today, days without visits as zeros; a month
 * compacted into one row (older than the statistics' ranges) is one line dated YYYY-MM.
 */
export async function dailyCsv({ query, today }: Awaited<ReturnType<typeof statsReader>>, emit: Emit) {
  await emit(csvLine(['date', 'views', 'unique_visitors', 'clicks', 'visitors_who_clicked']));
  const first = (await query((fresh) => sql`${fresh} SELECT min(day) AS day FROM days`))[0]?.day as number | null;
  if (first == null) return;
  let next = first;
  for (let after = first - 1; ;) {
    const rows = await query(
      (fresh) => sql`${fresh} SELECT day, sum(views) AS views, sum(visitors) AS visitors, sum(clicks) AS clicks,
        sum(clickers) AS clickers, max(span) AS span FROM days WHERE day > ${after} GROUP BY day ORDER BY day LIMIT ${PAGE_SQL}`,
    );
    let text = '';
    for (const row of rows) {
      const day = row.day as number;
      for (; next < day; next++) text += csvLine([dateOf(next), 0, 0, 0, 0]);
      text += csvLine([periodOf(day, row.span), row.views, row.visitors, row.clicks, row.clickers]);
      next = day + Number(row.span);
    }
    if (rows.length < PAGE) {
      for (; next <= today; next++) text += csvLine([dateOf(next), 0, 0, 0, 0]);
      await emit(text);
      return;
    }
    await emit(text);
    after = rows.at(-1)?.day as number;
  }
}

/** Clicks per link per day (links deleted since keep their id, with an empty title). */
export async function linkClicksCsv({ query, ownerId, titles }: Awaited<ReturnType<typeof statsReader>>, emit: Emit) {
  await emit(csvLine(['date', 'link_id', 'link_title', 'clicks']));
  for (let day = -1, link = 0; ;) {
    const after = sql`(day > ${day} OR (day = ${day} AND link_id > ${link}))`;
    const rows = await query(
      (fresh) => sql`${fresh} SELECT c.day, c.link_id, sum(c.clicks) AS clicks, max(c.span) AS span FROM (
        SELECT ${dailyLinkClicks.day} AS day, ${dailyLinkClicks.linkId} AS link_id, ${dailyLinkClicks.clicks} AS clicks,
          ${dailyLinkClicks.days} AS span
        FROM ${dailyLinkClicks} WHERE ${dailyLinkClicks.userId} = ${ownerId} AND ${after}
        UNION ALL SELECT day, link_id, 1, 1 FROM fresh WHERE kind = 'click' AND ${after}
      ) AS c GROUP BY c.day, c.link_id ORDER BY c.day, c.link_id LIMIT ${PAGE_SQL}`,
    );
    await emit(
      rows
        .map((row) =>
          csvLine([
            periodOf(row.day as number, row.span),
            row.link_id,
            titles.get(row.link_id as number) ?? null,
            row.clicks,
          ]),
        )
        .join(''),
    );
    if (rows.length < PAGE) return;
    day = rows.at(-1)?.day as number;
    link = rows.at(-1)?.link_id as number;
  }
}

// A fresh event's name under each facet, and which fresh events have one.
const FACETS = [
  ['referrer', sql`referrer`, sql`referrer IS NOT NULL`],
  ['country', sql`coalesce(country, 'unknown')`, sql`1`],
  ['device', sql`device`, sql`1`],
  ['channel', sql`channel`, sql`1`],
] as const;

/** Views and clicks per day by referrer, country, device and channel. */
export async function breakdownsCsv({ query, ownerId }: Awaited<ReturnType<typeof statsReader>>, emit: Emit) {
  await emit(csvLine(['date', 'facet', 'name', 'views', 'clicks']));
  for (const [facet, column, where] of FACETS) {
    for (let day = -1, name = ''; ;) {
      const rows = await query(
        (fresh) => sql`${fresh} SELECT day, name, sum(views) AS views, sum(clicks) AS clicks, max(span) AS span FROM (
          SELECT ${dailyBreakdowns.day} AS day, ${dailyBreakdowns.name} AS name, ${dailyBreakdowns.views} AS views,
            ${dailyBreakdowns.clicks} AS clicks, ${dailyBreakdowns.days} AS span FROM ${dailyBreakdowns}
          WHERE ${dailyBreakdowns.userId} = ${ownerId} AND ${dailyBreakdowns.facet} = ${facet}
          UNION ALL SELECT day, ${column}, kind = 'view', kind = 'click', 1 FROM fresh WHERE ${where}
        ) WHERE day > ${day} OR (day = ${day} AND name > ${name})
        GROUP BY day, name ORDER BY day, name LIMIT ${PAGE_SQL}`,
      );
      await emit(
        rows
          .map((row) => csvLine([periodOf(row.day as number, row.span), facet, row.name, row.views, row.clicks]))
          .join(''),
      );
      if (rows.length < PAGE) break;
      day = rows.at(-1)?.day as number;
      name = rows.at(-1)?.name as string;
    }
  }
}
