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

// Recomputed from the ledger rather than incremented, so a retried or overlapping flush
// (D1 runs each batch as one transaction, one after the other) always lands on the truth.
const RECOUNT_VIEWS = `UPDATE profiles SET
  views = (SELECT count(*) FROM events WHERE events.user_id = profiles.user_id AND events.kind = 'view'),
  last_viewed_at = (SELECT max(at) FROM events WHERE events.user_id = profiles.user_id AND events.kind = 'view')
WHERE user_id IN (SELECT value FROM json_each(?1))`;

const RECOUNT_CLICKS = `UPDATE links SET
  clicks = (SELECT count(*) FROM events WHERE events.link_id = links.id AND events.kind = 'click')
WHERE id IN (SELECT value FROM json_each(?1))`;

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

/** The D1 statements that fold one page of events: a few per thousand, however many cards. */
export function foldStatements(db: D1Database, events: BufferedEvent[]): D1PreparedStatement[] {
  const statements = chunks(events).map((json) => db.prepare(INSERT).bind(json));
  const viewed = [...new Set(events.filter((e) => e.kind === 'view').map((e) => e.ownerId))];
  const clicked = [...new Set(events.flatMap((e) => (e.linkId != null ? [e.linkId] : [])))];
  if (viewed.length > 0) statements.push(db.prepare(RECOUNT_VIEWS).bind(JSON.stringify(viewed)));
  if (clicked.length > 0) statements.push(db.prepare(RECOUNT_CLICKS).bind(JSON.stringify(clicked)));
  return statements;
}

async function deleteKeys(kv: KVNamespace, keys: string[]) {
  for (let i = 0; i < keys.length; i += DELETE_CONCURRENCY) {
    await Promise.all(keys.slice(i, i + DELETE_CONCURRENCY).map((key) => kv.delete(key)));
  }
}

/**
 * Folds buffered events into D1, page by page: commit the page to the ledger (and the
 * recounted totals) in one batch, then delete its keys. Dying between the two leaves keys
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
