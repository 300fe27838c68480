import { EVENT_PREFIX, parseListed, ROW_COLUMNS, toRow, type BufferedEvent } from './buffer';

/**
 * Workers KV allows 1,000 operations per invocation (list and delete included; the binding
 * has no bulk delete), so one run folds just under a thousand events and the next cron tick
 * takes the rest; ten are left for the rest of the scheduled job. Raise it where the
 * account's limits are higher.
 */
export const KV_OPERATIONS_PER_RUN = 990;
const PAGE = 1000;
// One JSON parameter per insert. D1's 100 KB limit is on SQL text; a bound value may be up to
// 2 MB, so a page of a thousand events (~200 bytes each) is one chunk, one insert.
const CHUNK_BYTES = 1_000_000;
const DELETE_CONCURRENCY = 50;

export type FlushOptions = {
  maxOperations?: number;
  /**
   * Test seam, not configuration: runs after a page is committed to D1 and before its KV
   * keys are deleted, so a test can make a flush die exactly there.
   */
  afterWrite?: (events: BufferedEvent[]) => Promise<void> | void;
};

export type FlushResult = {
  /** Events listed and written (a repeated one is written once and ignored after). */
  events: number;
  /** Keys that were not events of ours, deleted without being counted. */
  malformed: number;
  pages: number;
  /** D1 statements executed (in one batch per page). */
  statements: number;
  kvOperations: number;
  /** Time spent in D1 batches (the rest is KV list and deletes). */
  d1Ms: number;
  /** false: the budget ran out with events still buffered; the next run continues. */
  complete: boolean;
};

const INSERT = `INSERT OR IGNORE INTO events (id, user_id, kind, link_id, at, visitor, country, referrer, device, channel)
SELECT r.* FROM (SELECT ${ROW_COLUMNS} FROM json_each(?1) AS j) AS r
WHERE EXISTS (SELECT 1 FROM users WHERE users.id = r.user_id)`;

// The events of a chunk that the ledger does not hold yet. The counter updates run before the
// chunk's INSERT in the same batch (one D1 transaction, batches one after the other), so they
// add exactly what that INSERT is about to write: an event replayed by a retried or
// overlapping flush is already in the ledger and adds nothing. The cost is that of the page,
// never of the card's history (the NOT EXISTS is a primary-key lookup).
const UNSEEN = `SELECT DISTINCT r.id, r.user_id, r.kind, r.link_id, r.at
  FROM (SELECT ${ROW_COLUMNS} FROM json_each(?1) AS j) AS r
  WHERE NOT EXISTS (SELECT 1 FROM events WHERE events.id = r.id)`;

const ADD_VIEWS = `UPDATE profiles SET
  views = views + d.n,
  last_viewed_at = max(coalesce(last_viewed_at, d.last), d.last)
FROM (SELECT user_id, count(*) AS n, max(at) AS last FROM (${UNSEEN}) WHERE kind = 'view' GROUP BY user_id) AS d
WHERE profiles.user_id = d.user_id`;

const ADD_CLICKS = `UPDATE links SET clicks = clicks + d.n
FROM (SELECT link_id, count(*) AS n FROM (${UNSEEN}) WHERE kind = 'click' GROUP BY link_id) AS d
WHERE links.id = d.link_id`;

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
 * The D1 statements that fold one page of events: per chunk (one for a page of a thousand),
 * add its unseen views and clicks to the counters, then write it to the ledger.
 */
export function foldStatements(db: D1Database, events: BufferedEvent[]): D1PreparedStatement[] {
  const views = events.some((e) => e.kind === 'view');
  const clicks = events.some((e) => e.kind === 'click');
  return chunks(events).flatMap((json) => [
    ...(views ? [db.prepare(ADD_VIEWS).bind(json)] : []),
    ...(clicks ? [db.prepare(ADD_CLICKS).bind(json)] : []),
    db.prepare(INSERT).bind(json),
  ]);
}

async function deleteKeys(kv: KVNamespace, keys: string[]) {
  for (let i = 0; i < keys.length; i += DELETE_CONCURRENCY) {
    await Promise.all(keys.slice(i, i + DELETE_CONCURRENCY).map((key) => kv.delete(key)));
  }
}

/**
 * Folds buffered events into D1, page by page: commit the page to the ledger and its
 * increments to the counters in one batch, then delete its keys. Dying between the two leaves keys
 * that the next run writes again and the ledger ignores; two runs at once write the same
 * ids and each id lands once. KV `list` is eventually consistent: a key it does not show
 * yet is simply taken by a later run.
 */
export async function flushEvents(db: D1Database, kv: KVNamespace, options: FlushOptions = {}): Promise<FlushResult> {
  const result: FlushResult = {
    events: 0,
    malformed: 0,
    pages: 0,
    statements: 0,
    kvOperations: 0,
    d1Ms: 0,
    complete: false,
  };
  let budget = options.maxOperations ?? KV_OPERATIONS_PER_RUN;
  let cursor: string | undefined;
  // Each page costs one list, one D1 batch and one delete per key.
  while (budget > 2) {
    const page = await kv.list({ prefix: EVENT_PREFIX, limit: Math.min(PAGE, budget - 2), cursor });
    budget -= 1;
    result.kvOperations += 1;
    result.pages += 1;
    const events: BufferedEvent[] = [];
    for (const key of page.keys) {
      const event = parseListed(key);
      if (event) events.push(event);
      else result.malformed += 1;
    }
    if (events.length > 0) {
      const statements = foldStatements(db, events);
      const started = Date.now();
      await db.batch(statements);
      result.d1Ms += Date.now() - started;
      budget -= 1;
      result.statements += statements.length;
      result.events += events.length;
      await options.afterWrite?.(events);
    }
    await deleteKeys(
      kv,
      page.keys.map((key) => key.name),
    );
    budget -= page.keys.length;
    result.kvOperations += page.keys.length;
    if (page.list_complete) {
      result.complete = true;
      break;
    }
    cursor = page.cursor;
  }
  return result;
}
