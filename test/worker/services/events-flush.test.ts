import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { foldStatements } from '../../../worker/services/events/flush';
import type { BufferedEvent } from '../../../worker/services/events/buffer';
import { bufferedKeys, click, flush, flushAll, newCard, stats, view, visitor, type Owner } from './events-helpers';

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
  const ledger = await env.DB.prepare(
    "SELECT sum(kind = 'view') AS views, sum(kind = 'click') AS clicks FROM events WHERE user_id = ?",
  )
    .bind(owner.id)
    .first();
  expect(ledger).toEqual({ views: want.views, clicks: want.clicks });
  const profile = await env.DB.prepare('SELECT views, last_viewed_at FROM profiles WHERE user_id = ?')
    .bind(owner.id)
    .first<{ views: number; last_viewed_at: number }>();
  expect(profile?.views).toBe(want.views);
  expect(profile?.last_viewed_at).toBeGreaterThan(Date.now() - 60_000);
  const links = await env.DB.prepare('SELECT id, clicks FROM links WHERE user_id = ?').bind(owner.id).all();
  expect(Object.fromEntries(links.results.map((l) => [l.id, l.clicks]))).toEqual(want.linkClicks);
}

describe('flush', () => {
  it('folds concurrent views and clicks into D1 exactly and empties the buffer', async () => {
    const owner = await newCard();
    const want = await traffic(owner);
    expect(await bufferedKeys(owner.id)).toHaveLength(want.views + want.clicks);

    const result = await flush();
    expect(result).toMatchObject({ complete: true, malformed: 0 });
    expect(result.events).toBeGreaterThanOrEqual(want.views + want.clicks);
    expect(await bufferedKeys(owner.id)).toHaveLength(0);
    await expectExact(owner, want);

    // A flush with nothing buffered changes nothing.
    expect(await flush()).toMatchObject({ events: 0, complete: true });
    await expectExact(owner, want);
  });

  it('counts once when a flush dies between the D1 write and the KV delete, then runs again', async () => {
    const owner = await newCard();
    const want = await traffic(owner);
    await expect(
      flush({
        afterWrite: () => {
          throw new Error('isolate killed');
        },
      }),
    ).rejects.toThrow('isolate killed');
    // Written to the ledger, still in KV: the statistics must not count them twice.
    expect(await bufferedKeys(owner.id)).toHaveLength(want.views + want.clicks);
    await expectExact(owner, want);

    await flushAll();
    expect(await bufferedKeys(owner.id)).toHaveLength(0);
    await expectExact(owner, want);
  });

  it('counts once when two flushes run at the same time', async () => {
    const owner = await newCard();
    const want = await traffic(owner);
    // Both flushes list and write the same page before either deletes a key.
    let arrived = 0;
    let release!: () => void;
    const bothWritten = new Promise<void>((resolve) => (release = resolve));
    const afterWrite = async () => {
      if (++arrived === 2) release();
      await bothWritten;
    };
    const [first, second] = await Promise.all([flush({ afterWrite }), flush({ afterWrite })]);
    expect(first.events + second.events).toBeGreaterThanOrEqual(2 * (want.views + want.clicks));
    expect(await bufferedKeys(owner.id)).toHaveLength(0);
    await expectExact(owner, want);
  });

  it('stops at its KV operation budget and the next runs take the rest', async () => {
    const owner = await newCard();
    const want = await traffic(owner);
    // 7 operations: one list, one D1 batch, five deletes.
    const first = await flush({ maxOperations: 7 });
    expect(first).toMatchObject({ events: 5, pages: 1, kvOperations: 6, complete: false });
    expect(await flushAll({ maxOperations: 7 })).toBeGreaterThan(1);
    await expectExact(owner, want);
  });

  it('folds a full page of 1,000 events with 3 D1 statements, idempotently', async () => {
    const owner = await newCard();
    const [a, b] = owner.linkIds as [number, number];
    const at = Date.now();
    const page: BufferedEvent[] = Array.from({ length: 1000 }, (_, i) => ({
      key: '',
      id: crypto.randomUUID(),
      ownerId: owner.id,
      kind: i < 600 ? 'view' : 'click',
      linkId: i < 600 ? null : i % 2 ? a : b,
      at: at + i,
      visitor: (i % 50).toString(16).padStart(32, '0'),
      country: 'DE',
      referrer: null,
      device: 'mobile',
      channel: 'qr',
    }));
    const statements = foldStatements(env.DB, page);
    expect(statements).toHaveLength(3);
    await env.DB.batch(statements);
    await env.DB.batch(foldStatements(env.DB, page));
    await expectExact(owner, {
      views: 600,
      clicks: 400,
      linkClicks: { [a]: 200, [b]: 200 },
      conversion: 100,
      visitors: 50,
    });
  });

  it("adds only the new events to the counters, never recounting the card's history", async () => {
    const owner = await newCard(1);
    const link = owner.linkIds[0]!;
    const past = Date.now() - 90 * 86_400_000;
    // Counters and ledger disagree on purpose: one old view in the ledger, 40 views and 25
    // clicks on the counters. A fold that recounts from history would land on 1 + new.
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO events (id, user_id, kind, link_id, at, visitor, device, channel)
         VALUES (?1, ?2, 'view', NULL, ?3, ?4, 'desktop', 'direct')`,
      ).bind(crypto.randomUUID(), owner.id, past, '0'.repeat(32)),
      env.DB.prepare('UPDATE profiles SET views = 40, last_viewed_at = ?2 WHERE user_id = ?1').bind(owner.id, past),
      env.DB.prepare('UPDATE links SET clicks = 25 WHERE id = ?').bind(link),
    ]);
    expect(await view(owner.username, visitor(1))).toBe(200);
    expect(await view(owner.username, visitor(2))).toBe(200);
    expect(await click(link, visitor(1))).toBe(204);

    // A run that dies after its D1 write, then a full one: still each new event once.
    const die = () => {
      throw new Error('isolate killed');
    };
    await expect(flush({ afterWrite: die })).rejects.toThrow('isolate killed');
    await flushAll();
    const profile = await env.DB.prepare('SELECT views, last_viewed_at FROM profiles WHERE user_id = ?')
      .bind(owner.id)
      .first<{ views: number; last_viewed_at: number }>();
    expect(profile?.views).toBe(42);
    expect(profile?.last_viewed_at).toBeGreaterThan(Date.now() - 60_000);
    expect(await env.DB.prepare('SELECT clicks FROM links WHERE id = ?').bind(link).first()).toEqual({ clicks: 26 });
  });

  it('drops keys it did not write and events of a deleted account without failing', async () => {
    await env.EVENTS.put('ev:not-an-event', '', { metadata: { k: 'x' } });
    const gone = await newCard(1);
    await view(gone.username, visitor(1));
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(gone.id).run();
    const result = await flush();
    expect(result).toMatchObject({ malformed: 1, complete: true });
    expect((await env.EVENTS.list({ prefix: 'ev:' })).keys).toHaveLength(0);
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM events WHERE user_id = ?').bind(gone.id).first();
    expect(rows).toEqual({ n: 0 });
  });
});
