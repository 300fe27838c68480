import { bufferedJson, FRESH_CTE } from '../events/pending';
import { DAY_MS } from '../events/rollup-sql';

/**
 * The statistics of the export as CSV, read like GET /v1/user/stats reads them (the daily
 * rollups plus the events still buffered, pending.ts) but day by day and in pages, so a card
 * with years of history never sits in memory at once.
 */

const PAGE = 500;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** One CSV field: quoted when it must be, and never read as a formula by a spreadsheet. */
export function csvField(value: string | number | null | undefined) {
  if (value == null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
const csvLine = (fields: (string | number | null | undefined)[]) => `${fields.map(csvField).join(',')}\r\n`;

type Emit = (text: string) => Promise<void>;
type Query = (sql: string, ...extra: unknown[]) => Promise<Record<string, number | string | null>[]>;

export async function statsReader(db: D1Database, kv: KVNamespace, ownerId: string, now = Date.now()) {
  const json = await bufferedJson(kv, ownerId, now);
  const query: Query = async (sql, ...extra) =>
    (
      await db
        .prepare(sql)
        .bind(json, ownerId, ...extra)
        .all<Record<string, number | string | null>>()
    ).results;
  return { query, today: Math.floor(now / DAY_MS) };
}

/** Every day from the card's first counted day to today, days without visits as zeros. */
export async function dailyCsv({ query, today }: Awaited<ReturnType<typeof statsReader>>, emit: Emit) {
  await emit(csvLine(['date', 'views', 'unique_visitors', 'clicks', 'visitors_who_clicked']));
  const first = (await query(`${FRESH_CTE} SELECT min(day) AS day FROM days`))[0]?.day as number | null;
  if (first == null) return;
  let next = first;
  for (let after = first - 1; ;) {
    const rows = await query(
      `${FRESH_CTE} SELECT day, sum(views) AS views, sum(visitors) AS visitors, sum(clicks) AS clicks,
        sum(clickers) AS clickers FROM days WHERE day > ?3 GROUP BY day ORDER BY day LIMIT ${PAGE}`,
      after,
    );
    let text = '';
    for (const row of rows) {
      const day = row.day as number;
      for (; next < day; next++) text += csvLine([dateOf(next), 0, 0, 0, 0]);
      text += csvLine([dateOf(day), row.views, row.visitors, row.clicks, row.clickers]);
      next = day + 1;
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
export async function linkClicksCsv({ query }: Awaited<ReturnType<typeof statsReader>>, emit: Emit) {
  await emit(csvLine(['date', 'link_id', 'link_title', 'clicks']));
  for (let day = -1, link = 0; ;) {
    const after = '(day > ?3 OR (day = ?3 AND link_id > ?4))';
    const rows = await query(
      `${FRESH_CTE} SELECT c.day, c.link_id, l.title, sum(c.clicks) AS clicks FROM (
        SELECT day, link_id, clicks FROM daily_link_clicks WHERE user_id = ?2 AND ${after}
        UNION ALL SELECT day, link_id, 1 FROM fresh WHERE kind = 'click' AND ${after}
      ) AS c LEFT JOIN links AS l ON l.id = c.link_id AND l.user_id = ?2
      GROUP BY c.day, c.link_id ORDER BY c.day, c.link_id LIMIT ${PAGE}`,
      day,
      link,
    );
    await emit(rows.map((row) => csvLine([dateOf(row.day as number), row.link_id, row.title, row.clicks])).join(''));
    if (rows.length < PAGE) return;
    day = rows.at(-1)?.day as number;
    link = rows.at(-1)?.link_id as number;
  }
}

const FACETS = [
  ['referrer', 'referrer', 'referrer IS NOT NULL'],
  ['country', `coalesce(country, 'unknown')`, '1'],
  ['device', 'device', '1'],
  ['channel', 'channel', '1'],
] as const;

/** Views and clicks per day by referrer, country, device and channel. */
export async function breakdownsCsv({ query }: Awaited<ReturnType<typeof statsReader>>, emit: Emit) {
  await emit(csvLine(['date', 'facet', 'name', 'views', 'clicks']));
  for (const [facet, column, where] of FACETS) {
    for (let day = -1, name = ''; ;) {
      const rows = await query(
        `${FRESH_CTE} SELECT day, name, sum(views) AS views, sum(clicks) AS clicks FROM (
          SELECT day, name, views, clicks FROM daily_breakdowns WHERE user_id = ?2 AND facet = ?3
          UNION ALL SELECT day, ${column}, kind = 'view', kind = 'click' FROM fresh WHERE ${where}
        ) WHERE day > ?4 OR (day = ?4 AND name > ?5)
        GROUP BY day, name ORDER BY day, name LIMIT ${PAGE}`,
        facet,
        day,
        name,
      );
      await emit(
        rows.map((row) => csvLine([dateOf(row.day as number), facet, row.name, row.views, row.clicks])).join(''),
      );
      if (rows.length < PAGE) break;
      day = rows.at(-1)?.day as number;
      name = rows.at(-1)?.name as string;
    }
  }
}
