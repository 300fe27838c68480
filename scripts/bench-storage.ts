// npm run bench, the storage figures of the drain section (docs/decisions/0071, 0072, 0088): the
// local files of the counting databases as workerd left them, copied and vacuumed, their pages
// summed per table with SQLite's dbstat, divided by what was counted; then what each number of
// counting databases holds, at 10 GB a database (Workers Paid) and at 500 MB (Free).
import { copyFileSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

type Figure = [label: string, value: string];

const GB = 1e9;
const D1_LIMIT = 10 * GB;
/** Workers Free: 500 MB a database, 10 databases and 5 GB an account (the accounts database is one). */
const FREE_D1_LIMIT = 0.5 * GB;
const FREE_COUNTING_MOST = 9;
/** The sizes the figures are given for: the default, a few more, Free's most, and the earlier 16. */
const SIZES = [1, 2, 4, FREE_COUNTING_MOST, 16];
// The compact ledger's retention (worker/services/events/retention.ts): ids of an hour are
// forgotten FOLD_WINDOW + MARGIN after it ends, a day's visitors as long after the day.
const FOLD_WINDOW_HOURS = 6;
const MARGIN_HOURS = 1;
/** Hours an id is held on average: its hour, then the window and the margin. */
const ID_HOURS = FOLD_WINDOW_HOURS + MARGIN_HOURS + 0.5;
/** Days of visitors held at the most (just before yesterday's are forgotten). */
const VISITOR_DAYS = 1 + (FOLD_WINDOW_HOURS + MARGIN_HOURS) / 24;
/**
 * Days of rollups a card holds over a horizon of three years: daily rows for at most 90 days
 * plus the month being compacted (121), then one row set per month (36), each about a day's.
 */
const ROLLUP_DAYS = 121 + 36;

const LEDGER = ['seen_events', 'seen_visitors'];
const ROLLUPS = ['daily_stats', 'daily_link_clicks', 'daily_breakdowns'];
const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * The local files of the counting databases under a wrangler state directory: every D1 file
 * with the counting schema's `deleted_cards` table (the files are named by a hash of the id).
 */
function countingFiles(stateDir: string) {
  const dir = join(stateDir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite')
    .map((name) => join(dir, name))
    .filter((file) => {
      const db = new DatabaseSync(file, { readOnly: true });
      try {
        return db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'deleted_cards'").get() !== undefined;
      } finally {
        db.close();
      }
    });
}

/** Bytes per table (its indexes included) of a vacuumed copy of the file, and row counts. */
function measure(file: string) {
  const dir = mkdtempSync(join(tmpdir(), 'cardlink-bench-storage-'));
  const copy = join(dir, 'copy.sqlite');
  copyFileSync(file, copy);
  for (const suffix of ['-wal', '-shm']) {
    try {
      copyFileSync(`${file}${suffix}`, `${copy}${suffix}`);
    } catch {
      // No write-ahead log to carry over.
    }
  }
  const vacuumed = join(dir, 'vacuumed.sqlite');
  const source = new DatabaseSync(copy);
  source.exec(`VACUUM INTO '${vacuumed}'`);
  source.close();
  const db = new DatabaseSync(vacuumed, { readOnly: true });
  const bytes = new Map<string, number>();
  const pages = db
    .prepare(
      `SELECT coalesce(m.tbl_name, s.name) AS tbl, sum(s.pgsize) AS bytes FROM dbstat AS s
       LEFT JOIN sqlite_schema AS m ON m.name = s.name GROUP BY 1`,
    )
    .all() as { tbl: string; bytes: number }[];
  for (const { tbl, bytes: b } of pages) bytes.set(tbl, b);
  const rows = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  const counts = Object.fromEntries([...LEDGER, ...ROLLUPS].map((table) => [table, rows(table)]));
  const fileBytes = statSync(vacuumed).size;
  db.close();
  rmSync(dir, { recursive: true, force: true });
  return { bytes: (table: string) => bytes.get(table) ?? 0, counts, fileBytes };
}

/** The figures, for `events` counted on `cards` cards within one UTC day. */
export function storageFigures(stateDir: string, events: number, cards: number): Figure[] {
  const files = countingFiles(stateDir).map(measure);
  const shards = files.length;
  const bytes = (table: string) => files.reduce((total, file) => total + file.bytes(table), 0);
  const counts = Object.fromEntries(
    [...LEDGER, ...ROLLUPS].map((table) => [table, files.reduce((total, file) => total + file.counts[table]!, 0)]),
  );
  const fileBytes = files.map((file) => file.fileBytes);
  const sum = (tables: string[]) => tables.reduce((total, table) => total + bytes(table), 0);
  const idRow = bytes('seen_events') / Math.max(counts.seen_events!, 1);
  const visitorRow = bytes('seen_visitors') / Math.max(counts.seen_visitors!, 1);
  const visitorsPerEvent = counts.seen_visitors! / Math.max(events, 1);
  const ledgerPerEvent = sum(LEDGER) / Math.max(events, 1);
  const rollupsPerEvent = sum(ROLLUPS) / Math.max(events, 1);
  // What one event of a day leaves held in the databases at the worst moment.
  const ledgerHeld = idRow * (ID_HOURS / 24) + visitorRow * visitorsPerEvent * VISITOR_DAYS;
  const rollupsHeld = rollupsPerEvent * ROLLUP_DAYS;
  // Cards spread evenly over the shards (FNV-1a of a random id): each holds 1/N of the traffic.
  const perDay = (held: number) => (D1_LIMIT / held) * shards;
  const rollupRows = ROLLUPS.reduce((total, table) => total + counts[table]!, 0);
  const perCardDay = sum(ROLLUPS) / cards;
  const share = Math.max(...fileBytes) / Math.max(fileBytes.reduce((a, b) => a + b, 0) / shards, 1);
  return [
    [
      'counting databases after the drain, vacuumed',
      `${shards} files: ${fileBytes.map((b) => number(b / 1e6, 2)).join(', ')} MB (the largest ${number(share, 2)}x the mean)`,
    ],
    [
      'D1 bytes per counted event',
      `${number(ledgerPerEvent + rollupsPerEvent, 1)}: ledger ${number(ledgerPerEvent, 1)} (ids ${number(idRow, 1)} a row, visitors ${number(visitorRow, 1)} a row, ${number(visitorsPerEvent, 2)} visitors an event) + rollups ${number(rollupsPerEvent, 1)} (${number(events / cards)} events per card and day)`,
    ],
    [
      `events a day within 10 GB per database: the ledger`,
      `${number(perDay(ledgerHeld) / 1e6)} million over ${shards} databases (${number(ledgerHeld, 1)} bytes held per event of a day: ids ${ID_HOURS} h, visitors ${number(VISITOR_DAYS, 2)} days at the most; one card alone at most ${number(D1_LIMIT / ledgerHeld / 1e6)} million)`,
    ],
    [
      'rollups per card and visited day',
      `${number(perCardDay)} bytes (${number(rollupRows / cards, 1)} rows of ${number(sum(ROLLUPS) / rollupRows)} bytes); ${shards} x 10 GB hold ${number((shards * D1_LIMIT) / perCardDay / ROLLUP_DAYS / 1e6, 2)} million cards visited every day for 3 years (${ROLLUP_DAYS} days' worth each: 121 daily, 36 monthly)`,
    ],
    [
      'events a day within 10 GB per database: ledger and rollups',
      `${number(perDay(ledgerHeld + rollupsHeld) / 1e6, 1)} million at this mix (${number(events / cards)} events per card and day) over 3 years, ${shards} databases; 100 million a day at this mix needs ${Math.ceil(1e8 / (perDay(ledgerHeld + rollupsHeld) / shards))}`,
    ],
    [
      'views and clicks a day held for 3 years, by the number of counting databases',
      `at this mix, cards spread evenly; Workers Paid at 10 GB a database, Free at 500 MB (Free's 1,000 KV writes a day count at most about 1,000 of them, whatever the size)`,
    ],
    ...SIZES.map((size): Figure => {
      const paid = (D1_LIMIT / (ledgerHeld + rollupsHeld)) * size;
      const free = (FREE_D1_LIMIT / (ledgerHeld + rollupsHeld)) * size;
      return [
        `  ${size} counting database${size === 1 ? '' : 's'}`,
        `${number(paid / 1e6, 1)} million on Workers Paid; ${size <= FREE_COUNTING_MOST ? `${number(free / 1e3)} thousand on Free` : 'more databases than Free allows (10 an account)'}`,
      ];
    }),
  ];
}
