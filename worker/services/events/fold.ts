import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { statement } from '../../db/client';
import { deletedCards } from '../../db/counts-schema';
import { events } from '../../db/schema';
import type { Db } from '../../env';
import { jsonRows, toRow, type BufferedEvent } from './buffer';
import { eventSeen, ledgerInserts } from './ledger-sql';
import { DAY_MS, rollupStatements } from './rollup-sql';
import { weeklySums } from './weekly-sql';

// One JSON parameter per statement. D1's 100 KB limit is on SQL text; a bound value may be up
// to 2 MB, so a page of a thousand events (~200 bytes each) is one chunk.
const CHUNK_BYTES = 1_000_000;

// A row of the chunk, with the ledger's columns.
const r = alias(events, 'r');

// The events of a chunk that the ledger does not hold yet, of cards not deleted meanwhile (the
// drain only sends events of cards the accounts database still has, counts.ts). Every
// statement below runs before the chunk's ledger inserts in the same batch (one D1
// transaction), so they add exactly what those inserts are about to record: an event replayed
// by a retried or overlapping drain is already in the ledger and adds nothing. The cost is that
// of the page, never of the card's history (the lookups are primary-key lookups).
const unseen = (json: string) => sql`SELECT DISTINCT ${r}.* FROM ${jsonRows(json)} AS ${r}
  WHERE NOT ${eventSeen({ id: sql`${r.id}`, at: sql`${r.at}` })}
  AND NOT EXISTS (SELECT 1 FROM ${deletedCards} WHERE ${deletedCards.userId} = ${r.userId})`;

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
 * The D1 statements that fold one page of events of one counting database (`db`), per chunk
 * (one for a page of a thousand): add its unseen views and clicks to the daily rollups, sum its
 * weeks again, then record its visitors and ids in the ledger. The card's all-time counters are the rollups' sums
 * (counts.ts), so nothing outside this database is written and one batch stays one transaction.
 */
export function foldStatements(db: Db, page: BufferedEvent[]) {
  return chunks(page).flatMap((json) =>
    [...rollupStatements(unseen(json)), weeklySums(touched(json)), ...ledgerInserts(unseen(json))].map((query) =>
      statement(db, query),
    ),
  );
}

/**
 * The cards and days of every event of a chunk, seen or not: a week is summed again from its days
 * (weekly-sql.ts), so a week of an event already counted comes out the same.
 */
const touched = (json: string) =>
  sql`SELECT ${r.userId} AS user_id, ${r.at} / ${sql.raw(String(DAY_MS))} AS day FROM ${jsonRows(json)} AS ${r}`;
