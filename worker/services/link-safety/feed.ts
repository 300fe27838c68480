import { eq, sql } from 'drizzle-orm';
import { blocklist, blocklistState } from '../../db/schema';
import type { Db } from '../../env';
import { sha256 } from '../../lib/hashing';
import { normaliseUrl } from './blocklist';
import { SNAPSHOT_VERSION } from './snapshot';

/** The feed is fetched at most this often (each fetch replaces the feed's rows). */
export const FEED_REFRESH_MS = 60 * 60 * 1000;
/** More entries than this are ignored (a feed gone wrong must not fill D1). */
export const FEED_MAX_ENTRIES = 200_000;
const CHUNK = 1000;

type Entry = { value: string; kind: 'domain' | 'url' };
const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * A feed's text, one entry a line: a URL (URLhaus' plain-text lists), a domain, or a hosts-file
 * line ('0.0.0.0 evil.example'); '#' starts a comment.
 */
export function parseFeed(text: string): Entry[] {
  const entries = new Map<string, Entry>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) continue;
    const words = line.split(/\s+/);
    const word =
      (words.length === 2 && /^(?:0\.0\.0\.0|127\.0\.0\.1)$/.test(words[0] ?? '') ? words[1] : words[0]) ?? '';
    if (/^https?:\/\//i.test(word)) {
      const url = normaliseUrl(word);
      if (url) entries.set(url, { value: url, kind: 'url' });
    } else if (HOST.test(word.toLowerCase())) {
      entries.set(word.toLowerCase(), { value: word.toLowerCase(), kind: 'domain' });
    }
    if (entries.size >= FEED_MAX_ENTRIES) break;
  }
  return [...entries.values()];
}

const state = (db: Db) => db.select().from(blocklistState).where(eq(blocklistState.id, 1)).get();

/**
 * The cron's refresh: without BLOCKLIST_FEED_URL nothing is fetched and the list is the bundled
 * snapshot. With it, at most hourly, the feed's rows are replaced by what it serves now; a feed
 * that cannot be read keeps the rows it had. Either way the list's version is stored, and a new
 * version starts a scan of every saved link (scan.ts).
 */
export async function refreshFeed(db: Db, feedUrl: string | undefined, now = Date.now()) {
  const current = await state(db);
  let version = current?.listVersion ?? null;
  let fetchedAt = current?.feedFetchedAt ?? null;
  if (!feedUrl) {
    version = SNAPSHOT_VERSION;
  } else if (fetchedAt == null || now - fetchedAt >= FEED_REFRESH_MS) {
    const response = await fetch(feedUrl, { headers: { Accept: 'text/plain' } });
    if (!response.ok) throw new Error(`blocklist feed answered ${response.status}`);
    const text = await response.text();
    const entries = parseFeed(text);
    const chunks = Array.from({ length: Math.ceil(entries.length / CHUNK) }, (_, i) =>
      entries.slice(i * CHUNK, (i + 1) * CHUNK),
    );
    // One batch: readers see the old list or the new one, never none.
    // A chunk is one JSON parameter read with json_each (one statement per thousand entries);
    // `WHERE true` keeps SQLite from reading ON CONFLICT as a join's ON (sqlite.org/lang_upsert.html).
    await db.batch([
      db.delete(blocklist),
      ...chunks.map((chunk) =>
        db
          .insert(blocklist)
          .select(
            sql`SELECT value ->> '$.value', value ->> '$.kind', ${now} FROM json_each(${JSON.stringify(chunk)}) WHERE true`,
          )
          .onConflictDoNothing(),
      ),
    ]);
    version = `${SNAPSHOT_VERSION}|${await sha256(text)}`;
    fetchedAt = now;
  }
  if (current?.listVersion === version && current?.feedFetchedAt === fetchedAt) return version;
  await db
    .insert(blocklistState)
    .values({ id: 1, listVersion: version, feedFetchedAt: fetchedAt })
    .onConflictDoUpdate({ target: blocklistState.id, set: { listVersion: version, feedFetchedAt: fetchedAt } });
  return version;
}
