import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { dailySaves } from '../../db/counts-schema';
import { dailyStats, events } from '../../db/schema';
import type { Db } from '../../env';
import { jsonRows, ownerPrefixes, parseListed, SPREAD, toRow } from './buffer';
import { DAY_MS, eventSeen, visitorSeen, type RowSql } from './ledger-sql';
import { foldCutoff } from './retention';

/**
 * Events of one card still in the KV buffer, merged into what the owner reads so a view shows
 * at once. Bounded to about this many (one list per shard of the card): with the drains
 * running every minute a card rarely has more waiting; beyond that the rest appears after the
 * next tick.
 */
export const BUFFER_READ_LIMIT = 1000;

/** The card's buffered events as the JSON parameter `freshCte` reads (one list per shard of the card). */
export async function bufferedJson(kv: KVNamespace, ownerId: string, now = Date.now()): Promise<string> {
  const limit = Math.ceil(BUFFER_READ_LIMIT / SPREAD);
  const pages = await Promise.all(ownerPrefixes(ownerId).map((prefix) => kv.list({ prefix, limit })));
  const cutoff = foldCutoff(now);
  const rows = pages.flatMap((page) =>
    page.keys.flatMap((key) =>
      // What a drain would drop (docs/decisions/0072: the fold window) is not shown either.
      (parseListed(key) ?? []).flatMap((event) =>
        event.ownerId === ownerId && event.at >= cutoff ? [toRow(event)] : [],
      ),
    ),
  );
  return JSON.stringify(rows);
}

const DAY = sql.raw(String(DAY_MS));
// A buffered row, and a fresh row (with its `day`).
const r = alias(events, 'r');
const f = alias(events, 'f');
const fRow: RowSql = {
  id: sql`${f.id}`,
  userId: sql`${f.userId}`,
  at: sql`${f.at}`,
  visitor: sql`${f.visitor}`,
  kind: sql`${f.kind}`,
  day: sql`${f}.day`,
};

/**
 * `fresh`: the card's buffered views and clicks that no drain has folded yet (`json` the buffered JSON);
 * an event folded but not yet deleted from KV is in the ledger and skipped, so it counts once.
 * Reading the buffer before the statement means a drain in between moves events from one
 * side to the other, never out of sight. `days`: the card's daily rollups (`span` days long:
 * 1, or a compacted month's length) plus the days of its unfolded events, saves of the contact
 * included (`buffered`), a visitor of such an event counted only if the ledger has not seen them that
 * day. A drizzle `sql` template: the statements that read it (here, stats.ts, the export)
 * select from these CTEs by name; `fresh` holds no save, which has no link and no breakdown.
 */
export const freshCte = (json: string, ownerId: string) => sql`WITH buffered AS (
  SELECT ${r}.*, ${r.at} / ${DAY} AS day FROM ${jsonRows(json)} AS ${r}
  WHERE ${r.userId} = ${ownerId} AND NOT ${eventSeen({ id: sql`${r.id}`, at: sql`${r.at}` })}
),
fresh AS (SELECT * FROM buffered WHERE kind <> 'save'),
days AS (
  SELECT ${dailyStats.day} AS day, ${dailyStats.views} AS views, ${dailyStats.clicks} AS clicks,
    ${dailyStats.visitors} AS visitors, ${dailyStats.clickers} AS clickers, ${dailyStats.lastViewAt} AS last_view_at,
    ${dailySaves.saves} AS saves, ${dailyStats.days} AS span
  FROM ${dailyStats} WHERE ${dailyStats.userId} = ${ownerId}
  UNION ALL
  SELECT ${f}.day, sum(${f.kind} = 'view'), sum(${f.kind} = 'click'),
    count(DISTINCT ${f.visitor}) FILTER (WHERE NOT ${visitorSeen(fRow)}),
    count(DISTINCT ${f.visitor}) FILTER (WHERE ${f.kind} = 'click' AND NOT ${visitorSeen(fRow, true)}),
    max(${f.at}) FILTER (WHERE ${f.kind} = 'view'), sum(${f.kind} = 'save'), 1
  FROM buffered AS ${f} GROUP BY ${f}.day
)`;

/**
 * The profile's `views` and `last_viewed_at` on the same footing as the statistics: the
 * rollups of the card's counting database (`counts`) plus the buffered views not yet folded,
 * read in one statement.
 */
export async function cardViews(
  counts: Db,
  kv: KVNamespace,
  ownerId: string,
): Promise<{ views: number; lastViewedAt: number | null }> {
  const json = await bufferedJson(kv, ownerId);
  const row = await counts.get<{ views: number; last_viewed_at: number | null } | undefined>(
    sql`${freshCte(json, ownerId)} SELECT coalesce(sum(views), 0) AS views, max(last_view_at) AS last_viewed_at FROM days`,
  );
  return { views: row?.views ?? 0, lastViewedAt: row?.last_viewed_at ?? null };
}
