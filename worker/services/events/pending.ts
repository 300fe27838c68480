import { ownerPrefixes, parseListed, ROW_COLUMNS, SPREAD, toRow } from './buffer';
import { DAY_MS } from './rollup-sql';
import { retentionCutoff } from './retention';

/**
 * Events of one card still in the KV buffer, merged into what the owner reads so a view shows
 * at once. Bounded to about this many (one list per shard of the card): with the drains
 * running every minute a card rarely has more waiting; beyond that the rest appears after the
 * next tick.
 */
export const BUFFER_READ_LIMIT = 1000;

/** The card's buffered events as the JSON parameter `FRESH_CTE` reads (one list per shard of the card). */
export async function bufferedJson(kv: KVNamespace, ownerId: string, now = Date.now()): Promise<string> {
  const limit = Math.ceil(BUFFER_READ_LIMIT / SPREAD);
  const pages = await Promise.all(ownerPrefixes(ownerId).map((prefix) => kv.list({ prefix, limit })));
  const cutoff = retentionCutoff(now);
  const rows = pages.flatMap((page) =>
    page.keys.flatMap((key) => {
      const event = parseListed(key);
      // What a drain would drop (README, Decisions: rollups and retention) is not shown either.
      return event && event.ownerId === ownerId && event.at >= cutoff ? [toRow(event)] : [];
    }),
  );
  return JSON.stringify(rows);
}

/** Whether the ledger already holds an event of fresh row `f`'s visitor that day (then counted). */
const seenThatDay = (extra = '') =>
  `EXISTS (SELECT 1 FROM events AS e WHERE e.user_id = ?2 AND e.visitor = f.visitor
    AND e.at >= f.day * ${DAY_MS} AND e.at < (f.day + 1) * ${DAY_MS}${extra})`;

/**
 * `fresh`: the card's buffered events that no drain has folded yet (?1 the buffered JSON,
 * ?2 the owner id); an event folded but not yet deleted from KV is in the ledger and skipped,
 * so it counts once. Reading the buffer before the statement means a drain in between moves
 * events from one side to the other, never out of sight. `days`: the card's daily rollups
 * plus the fresh events' days, a visitor of a fresh event counted only if the ledger has not
 * seen them that day.
 */
export const FRESH_CTE = `WITH fresh AS (
  SELECT r.*, r.at / ${DAY_MS} AS day FROM (SELECT ${ROW_COLUMNS} FROM json_each(?1) AS j) AS r
  WHERE r.user_id = ?2 AND NOT EXISTS (SELECT 1 FROM events WHERE events.id = r.id)
),
days AS (
  SELECT day, views, clicks, visitors, clickers, last_view_at FROM daily_stats WHERE user_id = ?2
  UNION ALL
  SELECT day, sum(kind = 'view'), sum(kind = 'click'),
    count(DISTINCT visitor) FILTER (WHERE NOT ${seenThatDay()}),
    count(DISTINCT visitor) FILTER (WHERE kind = 'click' AND NOT ${seenThatDay(" AND e.kind = 'click'")}),
    max(at) FILTER (WHERE kind = 'view')
  FROM fresh AS f GROUP BY day
)`;

/**
 * The profile's `views` and `last_viewed_at` on the same footing as the statistics: the
 * rollups plus the buffered views not yet folded, read in one statement.
 */
export async function cardViews(
  db: D1Database,
  kv: KVNamespace,
  ownerId: string,
): Promise<{ views: number; lastViewedAt: number | null }> {
  const json = await bufferedJson(kv, ownerId);
  const row = await db
    .prepare(`${FRESH_CTE} SELECT coalesce(sum(views), 0) AS views, max(last_view_at) AS last_viewed_at FROM days`)
    .bind(json, ownerId)
    .first<{ views: number; last_viewed_at: number | null }>();
  return { views: row?.views ?? 0, lastViewedAt: row?.last_viewed_at ?? null };
}
