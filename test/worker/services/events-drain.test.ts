import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../../worker/db/client';
import { foldStatements } from '../../../worker/services/events/fold';
import { putEvent, shardOf, type BufferedEvent } from '../../../worker/services/events/buffer';
import { drainShard } from '../../../worker/services/events/drain';
import { countDatabase, countShards } from '../../../worker/lib/count-shards';
import { apiWith } from '../auth-helpers';
import { api } from '../helpers';
import {
  bufferedKeys,
  cardVisitor,
  click,
  countsOf,
  flush,
  flushAll,
  ledgerHolds,
  stats,
  tick,
  view,
  visitor,
} from './events-helpers';
import { type Owner, createCard } from '../page-helpers';

/**
 * N views and M clicks from K visitors, all at once: visitor i views (i % 3) + 1 times;
 * visitors 0-3 click (4 of 6 visitors: 66.67 %).
 */
async function traffic(owner: Owner) {
  const [a, b] = owner.linkIds as [number, number];
  const views = [0, 1, 2, 3, 4, 5].flatMap((i) => Array.from({ length: (i % 3) + 1 }, () => i));
  const clicks: [number, number][] = [
    [0, a],
    [0, a],
    [1, b],
    [2, a],
    [2, b],
    [3, b],
    [3, b],
    [3, b],
  ];
  const statuses = await Promise.all([
    ...views.map((i) => view(owner.username, visitor(i))),
    ...clicks.map(([i, link]) => click(link, visitor(i))),
  ]);
  expect(statuses.filter((s) => s === 200)).toHaveLength(views.length);
  expect(statuses.filter((s) => s === 204)).toHaveLength(clicks.length);
  return { views: views.length, clicks: clicks.length, linkClicks: { [a]: 3, [b]: 5 }, conversion: 66.67, visitors: 6 };
}

async function expectExact(owner: Owner, want: Awaited<ReturnType<typeof traffic>>) {
  const data = await stats(owner.token);
  expect(data).toMatchObject({
    profile_views: want.views,
    link_clicks: want.clicks,
    conversion_rate: want.conversion,
    unique_visitors: want.visitors,
  });
  // The rollups of the card's counting database, and nothing of it in the accounts database.
  const rolled = await (
    await countsOf(owner.id)
  )
    .prepare('SELECT sum(views) AS views, sum(clicks) AS clicks FROM daily_stats WHERE user_id = ?')
    .bind(owner.id)
    .first();
  expect(rolled).toEqual({ views: want.views, clicks: want.clicks });
  expect(
    await env.DB.prepare('SELECT count(*) AS n FROM daily_stats WHERE user_id = ?').bind(owner.id).first(),
  ).toEqual({ n: 0 });
  // What the owner's profile and links show.
  const profile = await api('/v1/user/profile', { token: owner.token });
  expect(profile.body.data.views).toBe(want.views);
  expect(Date.parse(profile.body.data.last_viewed_at as string)).toBeGreaterThan(Date.now() - 60_000);
  const links = await api('/v1/user/links', { token: owner.token });
  expect(
    Object.fromEntries((links.body.data as { id: number; clicks: number }[]).map((l) => [l.id, l.clicks])),
  ).toEqual(want.linkClicks);
}

// Thousands of KV writes and deletes through the real queue: generous on a loaded 2-core machine.
describe('the fan-out drain', { timeout: 120_000 }, () => {
  it("folds concurrent views and clicks exactly: the tick sends a drain per shard, the queue's consumer drains them", async () => {
    const owner = await createCard({ links: 2 });
    const want = await traffic(owner);
    const keys = await bufferedKeys(owner.id);
    expect(keys).toHaveLength(want.views + want.clicks);
    const shards = new Set(keys.map((key) => Number(key.name.split(':')[1])));
    // A card's 16 events land on several of its shards.
    expect(shards.size).toBeGreaterThan(1);

    const { sent, drains } = await tick();
    expect(sent).toEqual(expect.arrayContaining([...shards]));
    expect(drains.every((drain) => drain.complete && drain.malformed === 0)).toBe(true);
    expect(drains.reduce((sum, drain) => sum + drain.events, 0)).toBeGreaterThanOrEqual(want.views + want.clicks);
    expect(await bufferedKeys(owner.id)).toHaveLength(0);
    await expectExact(owner, want);

    // A tick with nothing buffered sends no drain and changes nothing.
    expect((await tick()).sent.filter((shard) => shards.has(shard as number))).toEqual([]);
    await expectExact(owner, want);
  });

  it('counts once when a drain dies between its D1 batch and its KV deletes, then the next tick runs', async () => {
    const owner = await createCard({ links: 2 });
    const want = await traffic(owner);
    const shards = new Set((await bufferedKeys(owner.id)).map((key) => Number(key.name.split(':')[1])));
    const die = () => {
      throw new Error('isolate killed');
    };
    for (const shard of shards) {
      await expect(drainShard(env, env.EVENTS, shard, { afterWrite: die })).rejects.toThrow('isolate killed');
    }
    // Written to the ledger, counters and rollups, still in KV: nothing may count twice.
    expect(await bufferedKeys(owner.id)).toHaveLength(want.views + want.clicks);
    await expectExact(owner, want);

    const { drains } = await tick();
    expect(drains.filter((drain) => shards.has(drain.shard as number)).every((drain) => drain.complete)).toBe(true);
    expect(await bufferedKeys(owner.id)).toHaveLength(0);
    await expectExact(owner, want);
  });

  it('counts once when two drains of one shard run at the same time', async () => {
    const owner = await createCard({ links: 2 });
    const want = await traffic(owner);
    const shards = [...new Set((await bufferedKeys(owner.id)).map((key) => Number(key.name.split(':')[1])))];
    // For every shard, both drains list and write the same page before either deletes a key.
    for (const shard of shards) {
      let arrived = 0;
      let release!: () => void;
      const bothWritten = new Promise<void>((resolve) => (release = resolve));
      const afterWrite = async () => {
        if (++arrived === 2) release();
        await bothWritten;
      };
      const [first, second] = await Promise.all([
        drainShard(env, env.EVENTS, shard, { afterWrite }),
        drainShard(env, env.EVENTS, shard, { afterWrite }),
      ]);
      expect(first.events).toBe(second.events);
    }
    expect(await bufferedKeys(owner.id)).toHaveLength(0);
    await expectExact(owner, want);
  });

  it('stops a drain at its KV operation budget and the next ticks take the rest', async () => {
    const owner = await createCard({ links: 2 });
    const want = await traffic(owner);
    const keys = await bufferedKeys(owner.id);
    const shard = Number(keys[0]!.name.split(':')[1]);
    const inShard = keys.filter((key) => key.name.startsWith(`e:${shard}:`)).length;
    // 2 operations: one list of one key, one delete.
    const first = await drainShard(env, env.EVENTS, shard, { maxOperations: 2 });
    expect(first).toMatchObject({ events: 1, pages: 1, kvOperations: 2, complete: inShard === 1 });
    expect(await flushAll({ maxOperations: 3 })).toBeGreaterThan(1);
    await expectExact(owner, want);
  });

  it('a tick whose shard holds more than one invocation drains leaves the rest for the next tick, exactly', async () => {
    const owner = await createCard({ links: 2 });
    const [a] = owner.linkIds as [number];
    // 1,500 real-looking events of one card, all in one shard (the ids chosen for it).
    const target = shardOf(owner.id, crypto.randomUUID());
    const at = Date.now();
    const ids: string[] = [];
    while (ids.length < 1500) {
      const id = crypto.randomUUID();
      if (shardOf(owner.id, id) === target) ids.push(id);
    }
    for (let i = 0; i < ids.length; i += 100) {
      await Promise.all(
        ids.slice(i, i + 100).map((id, j) =>
          putEvent(
            env.EVENTS,
            {
              ownerId: owner.id,
              kind: (i + j) % 3 === 0 ? 'click' : 'view',
              linkId: (i + j) % 3 === 0 ? a : null,
              at: at + i + j,
              visitor: cardVisitor(owner.id, (i + j) % 300),
              country: 'DE',
              referrer: null,
              device: 'mobile',
              channel: 'qr',
            },
            id,
          ),
        ),
      );
    }
    const first = await tick();
    const full = first.drains.find((drain) => drain.shard === target);
    // One list of 999 keys and 999 deletes: the invocation's 1,000 operations, not one more.
    expect(full).toMatchObject({ events: 999, kvOperations: 1000, complete: false });
    expect(Math.max(...first.drains.map((drain) => drain.kvOperations))).toBeLessThanOrEqual(1000);
    expect(await bufferedKeys(owner.id)).toHaveLength(501);
    expect(await ledgerHolds(ids)).toBe(999);

    const second = await tick();
    expect(second.drains.find((drain) => drain.shard === target)).toMatchObject({ events: 501, complete: true });
    expect(await bufferedKeys(owner.id)).toHaveLength(0);
    expect(await stats(owner.token)).toMatchObject({ profile_views: 1000, link_clicks: 500, unique_visitors: 300 });
    expect(await ledgerHolds(ids)).toBe(1500);
  });

  it('drains events buffered in the unsharded shape of before the fan-out', async () => {
    const owner = await createCard({ links: 1 });
    const metadata = { k: 'v', t: Date.now(), v: 'a'.repeat(32), d: 'm', s: 'qr', c: 'DE' };
    await env.EVENTS.put(`ev:${owner.id}:${crypto.randomUUID()}`, '', { metadata });
    await env.EVENTS.put(`ev:${owner.id}:${crypto.randomUUID()}`, '', { metadata: { ...metadata, v: 'b'.repeat(32) } });
    const { sent } = await tick();
    expect(sent).toContain('legacy');
    expect((await env.EVENTS.list({ prefix: 'ev:' })).keys).toHaveLength(0);
    expect(await stats(owner.token)).toMatchObject({ profile_views: 2, unique_visitors: 2 });
  });

  it('folds a full page of 1,000 events with 6 D1 statements, idempotently', async () => {
    const owner = await createCard({ links: 2 });
    const [a, b] = owner.linkIds as [number, number];
    const at = Date.now();
    const page: BufferedEvent[] = Array.from({ length: 1000 }, (_, i) => ({
      key: '',
      id: crypto.randomUUID(),
      ownerId: owner.id,
      kind: i < 600 ? 'view' : 'click',
      linkId: i < 600 ? null : i % 2 ? a : b,
      at: at + i,
      visitor: cardVisitor(owner.id, i % 50),
      country: 'DE',
      referrer: null,
      device: 'mobile',
      channel: 'qr',
    }));
    const db = createDb(await countsOf(owner.id));
    const [first, ...rest] = foldStatements(db, page);
    // The three rollups, the weeks summed again, the ledger's visitors and ids.
    expect([first, ...rest]).toHaveLength(6);
    await db.batch([first!, ...rest]);
    const [again, ...more] = foldStatements(db, page);
    await db.batch([again!, ...more]);
    await expectExact(owner, {
      views: 600,
      clicks: 400,
      linkClicks: { [a]: 200, [b]: 200 },
      conversion: 100,
      visitors: 50,
    });
  });

  it("adds only the new events to the counters, never recounting the card's history", async () => {
    const owner = await createCard({ links: 1 });
    const link = owner.linkIds[0]!;
    const past = Date.now() - 90 * 86_400_000;
    // One old view and one old click in the rollups, and 25 clicks the link counted before the
    // counting databases. A fold that recounts from history would land elsewhere.
    const counts = await countsOf(owner.id);
    const pastDay = Math.floor(past / 86_400_000);
    await counts.batch([
      counts
        .prepare(
          `INSERT INTO daily_stats (user_id, day, views, clicks, visitors, last_view_at) VALUES (?1, ?2, 1, 1, 1, ?3)`,
        )
        .bind(owner.id, pastDay, past),
      counts
        .prepare(`INSERT INTO daily_link_clicks (user_id, day, link_id, clicks) VALUES (?1, ?2, ?3, 1)`)
        .bind(owner.id, pastDay, link),
    ]);
    await env.DB.prepare('UPDATE links SET clicks = 25 WHERE id = ?').bind(link).run();
    expect(await view(owner.username, visitor(1))).toBe(200);
    expect(await view(owner.username, visitor(2))).toBe(200);
    expect(await click(link, visitor(1))).toBe(204);

    // A run that dies after its D1 write, then a full one: still each new event once.
    const die = () => {
      throw new Error('isolate killed');
    };
    await expect(flush({ afterWrite: die })).rejects.toThrow('isolate killed');
    await flushAll();
    const profile = await api('/v1/user/profile', { token: owner.token });
    expect(profile.body.data.views).toBe(3);
    expect(Date.parse(profile.body.data.last_viewed_at as string)).toBeGreaterThan(Date.now() - 60_000);
    const links = await api('/v1/user/links', { token: owner.token });
    expect(links.body.data).toMatchObject([{ id: link, clicks: 27 }]);
    expect(await stats(owner.token)).toMatchObject({ profile_views: 3, link_clicks: 2 });
  });

  it('drops keys it did not write and events of a deleted account without failing', async () => {
    await env.EVENTS.put('ev:not-an-event', '', { metadata: { k: 'x' } });
    await env.EVENTS.put('e:3:not-an-event', '', { metadata: { k: 'v' } });
    const gone = await createCard({ links: 1 });
    await view(gone.username, visitor(1));
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(gone.id).run();
    const result = await flush();
    expect(result).toMatchObject({ malformed: 2, orphaned: 1, complete: true });
    expect((await env.EVENTS.list({ prefix: 'e' })).keys).toHaveLength(0);
    for (const shard of countShards(env)) {
      const rows = await countDatabase(env, shard)
        .prepare('SELECT count(*) AS n FROM daily_stats WHERE user_id = ?')
        .bind(gone.id)
        .first();
      expect(rows).toEqual({ n: 0 });
    }
  });
});

describe('POST /v1/dev/events, the bench fixture', () => {
  it('buffers synthetic visitors in development only, and the drain counts them like any', async () => {
    const owner = await createCard({ links: 1 });
    const link = owner.linkIds[0]!;
    const body = { owner_id: owner.id, link_id: link, from: 0, count: 30 };
    const production = await apiWith({ ENVIRONMENT: 'production' }, '/v1/dev/events', { method: 'POST', json: body });
    expect(production.status).toBe(404);
    expect(await bufferedKeys(owner.id)).toHaveLength(0);
    const refused = await api('/v1/dev/events', { method: 'POST', json: { ...body, count: 1001 } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.count).toEqual(['count must be at most 1000']);

    const res = await api('/v1/dev/events', { method: 'POST', json: body });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ buffered: 30 });
    // Sent again (a retry), the same events: nothing more is buffered.
    await api('/v1/dev/events', { method: 'POST', json: { ...body, count: 10 } });
    expect(await bufferedKeys(owner.id)).toHaveLength(30);
    await flushAll();
    expect(await stats(owner.token)).toMatchObject({ profile_views: 20, link_clicks: 10, unique_visitors: 30 });
  });
});
