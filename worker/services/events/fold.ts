import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { statement } from '../../db/client';
import { events, links, profiles, users } from '../../db/schema';
import type { Db } from '../../env';
import { jsonRows, toRow, type BufferedEvent } from './buffer';
import { eventSeen, ledgerInserts } from './ledger-sql';
import { bare, rollupStatements } from './rollup-sql';

// One JSON parameter per statement. D1's 100 KB limit is on SQL text; a bound value may be up
// to 2 MB, so a page of a thousand events (~200 bytes each) is one chunk.
const CHUNK_BYTES = 1_000_000;

// A row of the chunk, and one of its unseen events (both with the ledger's columns).
const r = alias(events, 'r');
const s = alias(events, 's');

// The events of a chunk that the ledger does not hold yet, of accounts that still exist. Every
// statement below runs before the chunk's ledger inserts in the same batch (one D1
// transaction), so they add exactly what those inserts are about to record: an event replayed
// by a retried or overlapping drain is already in the ledger and adds nothing. The cost is that
// of the page, never of the card's history (the lookups are primary-key lookups).
const unseen = (json: string) => sql`SELECT DISTINCT ${r}.* FROM ${jsonRows(json)} AS ${r}
  WHERE NOT ${eventSeen({ id: sql`${r.id}`, at: sql`${r.at}` })}
  AND EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${r.userId})`;

// Drizzle `sql` templates: UPDATE ... FROM an aggregate and INSERT OR IGNORE ... SELECT over
// json_each are more than the query builder says.
const addViews = (json: string) => sql`UPDATE ${profiles} SET
  ${bare(profiles.views)} = ${profiles.views} + d.n,
  ${bare(profiles.lastViewedAt)} = max(coalesce(${profiles.lastViewedAt}, d.last), d.last)
FROM (SELECT ${s.userId} AS user_id, count(*) AS n, max(${s.at}) AS last FROM (${unseen(json)}) AS ${s}
  WHERE ${s.kind} = 'view' GROUP BY ${s.userId}) AS d
WHERE ${profiles.userId} = d.user_id`;

const addClicks = (json: string) => sql`UPDATE ${links} SET ${bare(links.clicks)} = ${links.clicks} + d.n
FROM (SELECT ${s.linkId} AS link_id, count(*) AS n FROM (${unseen(json)}) AS ${s}
  WHERE ${s.kind} = 'click' GROUP BY ${s.linkId}) AS d
WHERE ${links.id} = d.link_id`;

/** Rows as JSON arrays, cut into chunks that each fit one statement. */
function chunks(events: BufferedEvent[]): string[] {
  const out: string[] = [];
  let rows: string[] = [];
  let size = 2;
  for (const event of events) {
    const row = JSON.stringify(toRow(event));
    if (rows.length > 0 && size + row.length + 1 > CHUNK_BYTES) {
      out.push(`[${rows.join(',')}]`);
      rows = [];
      size = 2;
    }
    rows.push(row);
    size += row.length + 1;
  }
  if (rows.length > 0) out.push(`[${rows.join(',')}]`);
  return out;
}

/**
 * The D1 statements that fold one page of events, per chunk (one for a page of a thousand):
 * add its unseen views and clicks to the counters and the daily rollups, then record its
 * visitors and ids in the ledger.
 */
export function foldStatements(db: Db, page: BufferedEvent[]) {
  const views = page.some((e) => e.kind === 'view');
  const clicks = page.some((e) => e.kind === 'click');
  return chunks(page).flatMap((json) =>
    [
      ...(views ? [addViews(json)] : []),
      ...(clicks ? [addClicks(json)] : []),
      ...rollupStatements(unseen(json)),
      ...ledgerInserts(unseen(json)),
    ].map((query) => statement(db, query)),
  );
}
