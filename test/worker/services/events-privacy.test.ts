import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { secret } from '../../../worker/lib/config';
import { daySalt, utcDay, visitorHash, visitorKey } from '../../../worker/services/events/visitor-hash';
import { bufferedKeys, click, countsOf, flush, stats, tick, UA, view, visitor } from './events-helpers';
import { createCard } from '../page-helpers';

const DAY_MS = 86_400_000;

/** env.DB recording the SQL it is asked to run, the sessions it opens and its batches. */
function recordingDb(log: { sql: string[]; sessions: string[]; batches: number }) {
  const wrap = <T extends D1Database | D1DatabaseSession>(db: T): T =>
    new Proxy(db, {
      get(target, prop) {
        if (prop === 'prepare')
          return (sql: string) => {
            log.sql.push(sql);
            return target.prepare(sql);
          };
        if (prop === 'batch')
          return (statements: D1PreparedStatement[]) => {
            log.batches += 1;
            return target.batch(statements);
          };
        if (prop === 'withSession')
          return (constraint: string) => {
            log.sessions.push(constraint);
            return wrap((target as D1Database).withSession(constraint));
          };
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
  return wrap(env.DB);
}
const saltDays = async () =>
  (await env.DB.prepare('SELECT day FROM visitor_salts ORDER BY day').all<{ day: string }>()).results.map((r) => r.day);

describe('privacy', () => {
  it('stores no IP address, in the buffer or in D1', async () => {
    const card = await createCard({ links: 1 });
    const ips = ['203.0.113.77', '2001:db8::77'];
    for (const ip of ips) {
      await view(card.username, { 'CF-Connecting-IP': ip, 'User-Agent': UA.desktop });
      await click(card.linkIds[0]!, { 'CF-Connecting-IP': ip, 'User-Agent': UA.desktop });
    }
    const keys = await bufferedKeys(card.id);
    const buffered = JSON.stringify(keys);
    await flush();
    // What D1 keeps of them: the ledger's ids and visitor hashes, and the rollups' names, in the
    // card's counting database (and nothing in the accounts database's tables of before).
    const counts = await countsOf(card.id);
    const ledger = await counts.batch([
      counts.prepare('SELECT hour, hex(id) AS id FROM seen_events'),
      counts.prepare('SELECT day, lower(hex(visitor)) AS visitor, clicked FROM seen_visitors'),
      counts.prepare('SELECT * FROM daily_breakdowns WHERE user_id = ?').bind(card.id),
    ]);
    expect((await env.DB.prepare('SELECT count(*) AS n FROM seen_visitors').first())?.n).toBe(0);
    const stored = JSON.stringify(ledger.map((result) => result.results));
    for (const text of [buffered, stored]) {
      for (const ip of ips) expect(text).not.toContain(ip);
      expect(text).not.toContain('203.0.113');
    }
    // One visitor per address: two distinct hashes, each shared by that visitor's view and click,
    // and both in the ledger as having clicked.
    const hashes = new Set(keys.map((key) => (key.metadata as { v: string }).v));
    expect(hashes.size).toBe(2);
    const seen = ledger[1]!.results as { visitor: string; clicked: number }[];
    for (const hash of hashes) expect(seen).toContainEqual(expect.objectContaining({ visitor: hash, clicked: 1 }));
  });

  it('counts the same visitor on the same day once, under the salt of the day', async () => {
    const card = await createCard({ links: 1 });
    expect(await view(card.username, visitor(1))).toBe(200);
    expect(await view(card.username, visitor(1))).toBe(200);
    expect(await click(card.linkIds[0]!, visitor(1))).toBe(204);
    expect(await view(card.username, visitor(2))).toBe(200);
    expect(await stats(card.token)).toMatchObject({ profile_views: 3, link_clicks: 1, unique_visitors: 2 });

    // The stored hash is the HMAC under today's salt from D1, not under a fixed key.
    const key = await visitorKey(env.DB, secret(env, 'VISITOR_SALT'), utcDay(Date.now()));
    const mine = await visitorHash(key, visitor(1)['CF-Connecting-IP']!, visitor(1)['User-Agent']!, card.id);
    const hashes = (await bufferedKeys(card.id)).map((k) => (k.metadata as { v: string }).v);
    expect(hashes.filter((v) => v === mine)).toHaveLength(3);
  });

  it('keys the hash by a random salt per day, mixed with VISITOR_SALT, and keeps one salt per day', async () => {
    const secretA = 'a'.repeat(32);
    const ip = '203.0.113.1';
    type Input = { ip: string; agent: string; card: string };
    const hash = async (day: string, input: Input = { ip, agent: UA.desktop, card: 'card-1' }, key = secretA) =>
      visitorHash(await visitorKey(env.DB, key, day), input.ip, input.agent, input.card);
    const same = await hash('2030-05-01');
    expect(same).toMatch(/^[0-9a-f]{32}$/);
    expect(await hash('2030-05-01')).toBe(same);
    expect(await hash('2030-05-01', { ip: '203.0.113.2', agent: UA.desktop, card: 'card-1' })).not.toBe(same);
    expect(await hash('2030-05-01', { ip, agent: UA.iphone, card: 'card-1' })).not.toBe(same);
    expect(await hash('2030-05-01', { ip, agent: UA.desktop, card: 'card-2' })).not.toBe(same);
    expect(await hash('2030-05-02')).not.toBe(same);
    // Back to the first day (no longer in memory): its stored salt is read back, not replaced.
    expect(await hash('2030-05-01')).toBe(same);
    expect(await hash('2030-05-01', undefined, 'b'.repeat(32))).not.toBe(same);

    const salts = await env.DB.prepare("SELECT salt FROM visitor_salts WHERE day IN ('2030-05-01', '2030-05-02')").all<{
      salt: string;
    }>();
    expect(salts.results).toHaveLength(2);
    for (const { salt } of salts.results) expect(salt).toMatch(/^[0-9a-f]{64}$/);
    expect(salts.results[0]!.salt).not.toBe(salts.results[1]!.salt);
  });

  it('creates exactly one salt for a day however many requests race for it', async () => {
    const salts = await Promise.all(Array.from({ length: 8 }, () => daySalt(env.DB, '2030-01-01')));
    expect(new Set(salts).size).toBe(1);
    expect((await saltDays()).filter((day) => day === '2030-01-01')).toHaveLength(1);
  });

  it("stores today's and tomorrow's salt on the cron run, so a view reads its day's salt from a replica without writing", async () => {
    // Through tick(), which waits for the drains the run sends and keeps their log lines.
    await tick();
    const today = utcDay(Date.now());
    const tomorrow = utcDay(Date.now() + DAY_MS);
    expect(await saltDays()).toEqual(expect.arrayContaining([today, tomorrow]));

    // At midnight the first view of the new day finds its salt with one read near the visitor.
    const log = { sql: [] as string[], sessions: [] as string[], batches: 0 };
    const key = await visitorKey(recordingDb(log), 'c'.repeat(32), tomorrow);
    expect(log.sessions).toEqual(['first-unconstrained']);
    expect(log.sql).toHaveLength(1);
    expect(log.sql[0]).toMatch(/^select/i);
    expect(log.batches).toBe(0);
    // The same key as the primary's get-or-create derives: the salt stored for that day.
    const again = await visitorKey(env.DB, 'd'.repeat(32), tomorrow).then(() =>
      visitorKey(env.DB, 'c'.repeat(32), tomorrow),
    );
    expect(await visitorHash(again, '203.0.113.9', UA.desktop, 'card-1')).toBe(
      await visitorHash(key, '203.0.113.9', UA.desktop, 'card-1'),
    );
    // A second cron run replaces neither.
    const before = await env.DB.prepare('SELECT day, salt FROM visitor_salts ORDER BY day').all();
    await tick();
    const after = await env.DB.prepare('SELECT day, salt FROM visitor_salts ORDER BY day').all();
    expect(after.results).toEqual(before.results);
  });

  it('deletes every salt older than yesterday on the cron run', async () => {
    const now = Date.now();
    const days = [3, 2, 1, 0].map((ago) => utcDay(now - ago * DAY_MS));
    for (const day of days) await daySalt(env.DB, day);
    await daySalt(env.DB, '2020-02-29');
    expect(await saltDays()).toEqual(expect.arrayContaining([...days, '2020-02-29']));

    await tick();
    const left = await saltDays();
    expect(left.filter((day) => day < days[2]!)).toEqual([]);
    expect(left).toEqual(expect.arrayContaining(days.slice(2)));
  });
});
