import { sql } from 'drizzle-orm';
import type { Db } from '../../env';
import { SNAPSHOT_DOMAINS, SNAPSHOT_URLS } from './snapshot';

export const LINK_BLOCKED_MESSAGE =
  'This link leads to a site listed for phishing or malware, so it cannot be added to your card.';

const snapshot = new Set([...SNAPSHOT_DOMAINS, ...SNAPSHOT_URLS.map((url) => normaliseUrl(url) ?? url)]);

/** A URL as the list compares it: scheme and host lower-cased, no fragment; null if it is no URL. */
export function normaliseUrl(value: string): string | null {
  try {
    const url = new URL(value);
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

/**
 * What a URL is checked against: its normalised form and its host with every parent domain
 * ('a.b.evil.example' is listed when 'evil.example' is), never the bare top-level domain.
 * mailto: and tel: links have no host and are never listed.
 */
export function candidates(value: string): string[] {
  const href = normaliseUrl(value);
  if (!href) return [];
  const url = new URL(href);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return [];
  const host = url.hostname.replace(/\.$/, '');
  const labels = host.split('.');
  const hosts = labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
  return [href, ...hosts];
}

/**
 * The listed entry each URL matches (in the bundled snapshot or the feed's rows in D1), or null;
 * one D1 statement for all of them.
 */
export async function listedEntries(db: Db, urls: string[]): Promise<(string | null)[]> {
  const perUrl = urls.map(candidates);
  const all = [...new Set(perUrl.flat())];
  const fromFeed = new Set<string>();
  if (all.length > 0) {
    const rows = await db.all<{ value: string }>(
      sql`SELECT value FROM blocklist WHERE value IN (SELECT value FROM json_each(${JSON.stringify(all)}))`,
    );
    for (const row of rows) fromFeed.add(row.value);
  }
  return perUrl.map((list) => list.find((value) => snapshot.has(value) || fromFeed.has(value)) ?? null);
}

export async function listedEntry(db: Db, url: string) {
  return (await listedEntries(db, [url]))[0] ?? null;
}
