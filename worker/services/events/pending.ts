import { ownerPrefix, parseListed, ROW_COLUMNS, toRow } from './buffer';

/**
 * Events of one card still in the KV buffer, merged into what the owner reads so a view shows
 * at once. Bounded to one list page: with the cron flushing every minute a card rarely has
 * more waiting; beyond that the rest appears after the next flush.
 */
export const BUFFER_READ_LIMIT = 1000;

/** The card's buffered events as the JSON parameter `EVENTS_CTE` reads. */
export async function bufferedJson(kv: KVNamespace, ownerId: string): Promise<string> {
  const page = await kv.list({ prefix: ownerPrefix(ownerId), limit: BUFFER_READ_LIMIT });
  const rows = page.keys.flatMap((key) => {
    const event = parseListed(key);
    return event && event.ownerId === ownerId ? [toRow(event)] : [];
  });
  return JSON.stringify(rows);
}

/**
 * `ev`: the card's folded events plus its buffered ones that no flush has written yet
 * (?1 the buffered JSON, ?2 the owner id). An event flushed but not yet deleted from KV is in
 * the ledger and skipped here, so it counts once; reading the buffer before this statement
 * means a flush in between moves events from one side to the other, never out of sight.
 */
export const EVENTS_CTE = `WITH buffered AS (SELECT ${ROW_COLUMNS} FROM json_each(?1) AS j),
ev AS (
  SELECT kind, link_id, at, visitor, country, referrer, device, channel FROM events WHERE user_id = ?2
  UNION ALL
  SELECT kind, link_id, at, visitor, country, referrer, device, channel FROM buffered AS b
  WHERE b.user_id = ?2 AND NOT EXISTS (SELECT 1 FROM events WHERE events.id = b.id)
)`;

/**
 * The profile's `views` and `last_viewed_at` on the same footing as the statistics: the
 * flushed totals plus the buffered views not yet flushed, read in one statement.
 */
export async function cardViews(
  db: D1Database,
  kv: KVNamespace,
  ownerId: string,
): Promise<{ views: number; lastViewedAt: number | null }> {
  const json = await bufferedJson(kv, ownerId);
  const row = await db
    .prepare(`${EVENTS_CTE} SELECT count(*) AS views, max(at) AS last_viewed_at FROM ev WHERE kind = 'view'`)
    .bind(json, ownerId)
    .first<{ views: number; last_viewed_at: number | null }>();
  return { views: row?.views ?? 0, lastViewedAt: row?.last_viewed_at ?? null };
}
