/**
 * The visitor hash (README, Decisions: privacy). A unique visitor is an HMAC of the network (an
 * IPv4 address or an IPv6 /64, docs/decisions/0086), the user agent and the card under a key that
 * exists for one UTC day only: a random salt per day
 * in D1 (stored a day ahead by the cron), mixed with the VISITOR_SALT secret, its key kept in
 * isolate memory for the day. The cron deletes a salt once it is older than yesterday, after
 * which nobody (not even with the secret and the database) can test a guessed IP against the
 * hashes of that day.
 */
import { eq, lt } from 'drizzle-orm';
import { createDb } from '../../db/client';
import { visitorSalts } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of an instant, YYYY-MM-DD: the salt's name. */
export const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

const toHex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (hex: string) => new Uint8Array((hex.match(/../g) ?? []).map((pair) => parseInt(pair, 16)));
const hmacKey = (raw: BufferSource) =>
  crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);

/**
 * The day's salt: the stored one, or 32 fresh random bytes stored first. The cron stores today's
 * and tomorrow's ahead (rotateVisitorSalts), so the common case is one read from the nearest
 * replica: a salt never changes once stored, so any replica that has it has the right one. Only
 * a day nobody prepared writes, and then both statements run as one transaction on the primary,
 * so however many isolates race at midnight, every one reads the same salt (the first INSERT
 * wins, the others are ignored).
 */
export async function daySalt(db: D1Database, day: string): Promise<string> {
  const near = createDb(db.withSession('first-unconstrained'));
  const stored = await near
    .select({ salt: visitorSalts.salt })
    .from(visitorSalts)
    .where(eq(visitorSalts.day, day))
    .get();
  if (stored) return stored.salt;
  const fresh = toHex(crypto.getRandomValues(new Uint8Array(32)));
  const orm = createDb(db);
  const [, read] = await orm.batch([
    orm.insert(visitorSalts).values({ day, salt: fresh }).onConflictDoNothing(),
    orm.select({ salt: visitorSalts.salt }).from(visitorSalts).where(eq(visitorSalts.day, day)),
  ]);
  const salt = read[0]?.salt;
  if (!salt) throw new Error(`no visitor salt for ${day}`);
  return salt;
}

// The current day's key, kept in isolate memory so a view normally costs no extra I/O. One
// slot: the first request of a new day replaces (and so drops) the previous day's key. The key
// is not extractable; the salt itself is not kept.
let current: { day: string; secret: string; key: Promise<CryptoKey> } | null = null;

/** The HMAC key of one day: HMAC(secret, the day's random salt). */
export function visitorKey(db: D1Database, secret: string, day: string): Promise<CryptoKey> {
  if (current && current.day === day && current.secret === secret) return current.key;
  const key = daySalt(db, day).then(async (salt) => {
    const mixed = await crypto.subtle.sign('HMAC', await hmacKey(new TextEncoder().encode(secret)), fromHex(salt));
    return hmacKey(mixed);
  });
  const entry = { day, secret, key };
  current = entry;
  // A failed read is not remembered: the next view tries again.
  key.catch(() => {
    if (current === entry) current = null;
  });
  return key;
}

/**
 * A visitor id that cannot be turned back into an IP and does not follow anyone across days
 * or cards: HMAC-SHA-256 under the day's key over network, user agent and card, truncated to 128
 * bits. The same person is one visitor per card per day, a phone whose IPv6 privacy address
 * changes within its /64 included.
 */
export async function visitorHash(key: CryptoKey, network: string, userAgent: string, cardId: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${network}\n${userAgent}\n${cardId}`));
  return toHex(new Uint8Array(mac, 0, 16));
}

/**
 * The name the per-network bound counts a network under on one card (bounds.ts), whatever the
 * User-Agent: an HMAC under the same day's key, so neither the isolate nor the data centre's
 * cache ever holds an address, and a day's names cannot be tested once its salt is deleted.
 */
export async function networkHash(key: CryptoKey, network: string, cardId: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`network\n${network}\n${cardId}`));
  return toHex(new Uint8Array(mac, 0, 16));
}

/**
 * The cron's job: deletes the salts older than yesterday, after which that day's hashes cannot
 * be tested against a guessed IP, and stores today's and tomorrow's ahead of their first view, so
 * a view finds its day's salt with a read (a salt exists a day before its day begins, never longer
 * after it ends). Answers how many salts went.
 */
export async function rotateVisitorSalts(db: D1Database, now = Date.now()): Promise<number> {
  const orm = createDb(db);
  const salt = () => toHex(crypto.getRandomValues(new Uint8Array(32)));
  const [pruned] = await orm.batch([
    orm.delete(visitorSalts).where(lt(visitorSalts.day, utcDay(now - DAY_MS))),
    orm
      .insert(visitorSalts)
      .values([
        { day: utcDay(now), salt: salt() },
        { day: utcDay(now + DAY_MS), salt: salt() },
      ])
      .onConflictDoNothing(),
  ]);
  return pruned.meta.changes;
}
