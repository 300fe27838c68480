import { ROW_COLUMNS, toRow, type BufferedEvent } from './buffer';
import { rollupStatements } from './rollup-sql';

// One JSON parameter per statement. D1's 100 KB limit is on SQL text; a bound value may be up
// to 2 MB, so a page of a thousand events (~200 bytes each) is one chunk.
const CHUNK_BYTES = 1_000_000;

// The events of a chunk that the ledger does not hold yet, of accounts that still exist. Every
// statement below runs before the chunk's INSERT in the same batch (one D1 transaction), so
// they add exactly what that INSERT is about to write: an event replayed by a retried or
// overlapping drain is already in the ledger and adds nothing. The cost is that of the page,
// never of the card's history (the NOT EXISTS is a primary-key lookup).
const UNSEEN = `SELECT DISTINCT r.* FROM (SELECT ${ROW_COLUMNS} FROM json_each(?1) AS j) AS r
  WHERE NOT EXISTS (SELECT 1 FROM events WHERE events.id = r.id)
  AND EXISTS (SELECT 1 FROM users WHERE users.id = r.user_id)`;

const ADD_VIEWS = `UPDATE profiles SET
  views = views + d.n,
  last_viewed_at = max(coalesce(last_viewed_at, d.last), d.last)
FROM (SELECT user_id, count(*) AS n, max(at) AS last FROM (${UNSEEN}) WHERE kind = 'view' GROUP BY user_id) AS d
WHERE profiles.user_id = d.user_id`;

const ADD_CLICKS = `UPDATE links SET clicks = clicks + d.n
FROM (SELECT link_id, count(*) AS n FROM (${UNSEEN}) WHERE kind = 'click' GROUP BY link_id) AS d
WHERE links.id = d.link_id`;

const ROLLUPS = rollupStatements(UNSEEN);

const INSERT = `INSERT OR IGNORE INTO events (id, user_id, kind, link_id, at, visitor, country, referrer, device, channel)
SELECT r.* FROM (SELECT ${ROW_COLUMNS} FROM json_each(?1) AS j) AS r
WHERE EXISTS (SELECT 1 FROM users WHERE users.id = r.user_id)`;

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
 * add its unseen views and clicks to the counters and the daily rollups, then write it to
 * the ledger.
 */
export function foldStatements(db: D1Database, events: BufferedEvent[]): D1PreparedStatement[] {
  const views = events.some((e) => e.kind === 'view');
  const clicks = events.some((e) => e.kind === 'click');
  return chunks(events).flatMap((json) => [
    ...(views ? [db.prepare(ADD_VIEWS).bind(json)] : []),
    ...(clicks ? [db.prepare(ADD_CLICKS).bind(json)] : []),
    ...ROLLUPS.map((sql) => db.prepare(sql).bind(json)),
    db.prepare(INSERT).bind(json),
  ]);
}
