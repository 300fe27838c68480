// A card's views of the moment share a KV key (worker/services/events/batch-writer.ts,
// docs/decisions/0081): fewer writes for a busy card, every event still counted once, and no
// request waiting on another request's write.
import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { bufferEvent, WRITER_LIMITS, type WriterLimits } from '../../../worker/services/events/batch-writer';
import { METADATA_BYTES, metadataOf } from '../../../worker/services/events/buffer';
import { failingKvWrites } from '../failing-parts';
import { createCard, page } from '../page-helpers';
import { bufferedEvents, bufferedKeys, cardVisitor, flushAll, stats, view, visitor } from './events-helpers';

/** Visitor n's view of the card, as track.ts hands it over. */
const viewOf = (ownerId: string, n: number, referrer: string | null = null) =>
  metadataOf({
    ownerId,
    kind: 'view',
    linkId: null,
    at: Date.now(),
    visitor: cardVisitor(ownerId, n),
    country: 'DE',
    referrer,
    device: 'mobile',
    channel: 'direct',
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** KV whose writes take `ms` more, as a far data centre's. */
function slowKvWrites(kv: KVNamespace, ms: number): KVNamespace {
  return new Proxy(kv, {
    get(target, key) {
      if (key === 'put')
        return async (...args: Parameters<KVNamespace['put']>) => (await sleep(ms), target.put(...args));
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

const singleShape = (key: KVNamespaceListKey<unknown>) => 'k' in (key.metadata as object);

describe('views of a card at once share keys', { timeout: 60_000 }, () => {
  it('writes a quiet card’s one view as a key of its own, as before', async () => {
    const card = await createCard({ links: 1 });
    expect((await page(`/p/${card.username}`, { headers: visitor(1) })).status).toBe(200);
    const keys = await bufferedKeys(card.id);
    expect(keys).toHaveLength(1);
    expect(singleShape(keys[0]!)).toBe(true);
  });

  it('counts two cards’ visitors opening them at once exactly, each card in far fewer keys of its own', async () => {
    const [card, other] = [await createCard({ links: 1 }), await createCard({ links: 1 })];
    // 150 visitors of one card and 60 of another, interleaved, all at once, on real browsers' agents.
    const opens = Array.from({ length: 210 }, (_, i) => (i % 7 < 2 ? other : card));
    const answers = await Promise.all(
      opens.map((which, i) => page(`/p/${which.username}`, { headers: visitor(i + 1) })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array<number>(210).fill(200));
    for (const [which, views] of [
      [card, 150],
      [other, 60],
    ] as const) {
      // About ten views fit a key's metadata; a gathering writes them in a few keys.
      expect((await bufferedKeys(which.id)).length).toBeLessThanOrEqual(Math.ceil(views / 5));
      const events = await bufferedEvents(which.id);
      expect(events).toHaveLength(views);
      expect(events.every((e) => e.ownerId === which.id)).toBe(true);
      expect(new Set(events.map((e) => e.id)).size).toBe(views);
    }

    await flushAll();
    expect(await stats(card.token)).toMatchObject({ profile_views: 150, unique_visitors: 150 });
    expect(await stats(other.token)).toMatchObject({ profile_views: 60, unique_visitors: 60 });
    expect(await bufferedKeys(card.id)).toHaveLength(0);
    // A second drain finds nothing more to count.
    await flushAll();
    expect((await stats(card.token)).profile_views).toBe(150);
    expect((await stats(other.token)).profile_views).toBe(60);
  });

  it("keeps every key within KV's metadata limit", async () => {
    const ownerId = crypto.randomUUID();
    const referrer = `${'r'.repeat(90)}.example`;
    await Promise.all(
      Array.from({ length: 60 }, (_, n) => bufferEvent(env.EVENTS, ownerId, viewOf(ownerId, n, referrer), true)),
    );
    const keys = await bufferedKeys(ownerId);
    expect(keys.length).toBeGreaterThan(6);
    for (const key of keys) expect(JSON.stringify(key.metadata).length).toBeLessThanOrEqual(METADATA_BYTES);
    expect(await bufferedEvents(ownerId)).toHaveLength(60);
  });

  it('writes an event whose answer waits for it at once, or hands it to the writer under way', async () => {
    const card = await createCard({ links: 1 });
    // No writer of the card: the JSON card is answered once its view is written.
    expect(await view(card.username, visitor(1))).toBe(200);
    expect(await bufferedKeys(card.id)).toHaveLength(1);

    const ownerId = crypto.randomUUID();
    const writer = bufferEvent(env.EVENTS, ownerId, viewOf(ownerId, 0), true);
    // Handed over: settled at once, before the writer has written anything.
    await bufferEvent(env.EVENTS, ownerId, viewOf(ownerId, 1), false);
    expect(await bufferedKeys(ownerId)).toHaveLength(0);
    await writer;
    const keys = await bufferedKeys(ownerId);
    expect(keys).toHaveLength(1);
    expect((await bufferedEvents(ownerId)).map((e) => e.visitor).sort()).toEqual(
      [cardVisitor(ownerId, 0), cardVisitor(ownerId, 1)].sort(),
    );
  });

  it('stops taking events at its time or key limit; the next event starts a writer of its own', async () => {
    const limits: WriterLimits = { ...WRITER_LIMITS, gatherMs: 20, writerMs: 300 };
    // KV as far as at the edge (30 ms a write): events arrive while every write is under way.
    const kv = slowKvWrites(env.EVENTS, 30);
    const ownerId = crypto.randomUUID();
    const started = Date.now();
    let settledAt = 0;
    const first = bufferEvent(kv, ownerId, viewOf(ownerId, 0), true, limits).then(() => (settledAt = Date.now()));
    // A view every 5 ms for 700 ms, more than twice the first writer's time: every gathering
    // finds more, so only its limit ends the first writer.
    const rest: Promise<void>[] = [];
    for (let n = 1; n <= 140; n++) {
      await sleep(5);
      rest.push(bufferEvent(kv, ownerId, viewOf(ownerId, n), true, limits));
    }
    await Promise.all([first, ...rest]);
    // The first request's work ended near its 300 ms, while views went on coming.
    expect(settledAt - started).toBeLessThan(600);
    const events = await bufferedEvents(ownerId);
    expect(events).toHaveLength(141);
    expect(new Set(events.map((e) => e.visitor)).size).toBe(141);

    // One key at most per writer: the first request's work ends after its first key, while views
    // go on coming and start writers of their own; nothing is lost.
    const other = crypto.randomUUID();
    const oneKey = { ...limits, writerMs: 60_000, writerKeys: 1 };
    let firstDone = 0;
    const writes: Promise<unknown>[] = [
      bufferEvent(kv, other, viewOf(other, 0), true, oneKey).then(() => (firstDone = Date.now())),
    ];
    for (let n = 1; n < 25; n++) {
      await sleep(10);
      writes.push(bufferEvent(kv, other, viewOf(other, n), true, oneKey));
    }
    const lastSent = Date.now();
    await Promise.all(writes);
    expect(firstDone).toBeGreaterThan(0);
    expect(firstDone).toBeLessThan(lastSent);
    expect(await bufferedEvents(other)).toHaveLength(25);
  });

  it.each([1, 3, WRITER_LIMITS.writerKeys])(
    'writes exactly its limit of %i keys under slow KV while views keep coming, then leaves them to a new writer',
    async (writerKeys) => {
      const limits: WriterLimits = { ...WRITER_LIMITS, gatherMs: 1, writerMs: 60_000, writerKeys };
      const ownerId = crypto.randomUUID();
      const slow = slowKvWrites(env.EVENTS, 3);
      // The first view's writer writes through `own`; every other view comes through `slow`, so
      // what `own` writes is that one request's work. While each of its keys is being written, one
      // more view arrives: every gathering finds exactly one, so only the key limit ends it.
      let ownPuts = 0;
      const later: Promise<void>[] = [];
      const own = new Proxy(slow, {
        get(target, key) {
          if (key === 'put')
            return (...args: Parameters<KVNamespace['put']>) => {
              ownPuts++;
              if (later.length <= writerKeys + 5)
                later.push(bufferEvent(slow, ownerId, viewOf(ownerId, later.length + 1), true, limits));
              return target.put(...args);
            };
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
        },
      });
      await bufferEvent(own, ownerId, viewOf(ownerId, 0), true, limits);
      // KV allows 1,000 operations an invocation: one request's writer never goes past its limit.
      expect(ownPuts).toBe(writerKeys);
      await Promise.all(later);
      const events = await bufferedEvents(ownerId);
      expect(events).toHaveLength(later.length + 1);
      expect(new Set(events.map((e) => e.visitor)).size).toBe(later.length + 1);
    },
  );

  it('takes a writer that has not moved for a while for gone: later views of its card are written by a new one', async () => {
    const limits: WriterLimits = { ...WRITER_LIMITS, gatherMs: 10, stallMs: 300 };
    const ownerId = crypto.randomUUID();
    // The first write never answers, as when its request is cancelled; the ones after it work.
    let puts = 0;
    const hanging = new Proxy(env.EVENTS, {
      get(target, key) {
        if (key === 'put')
          return (...args: Parameters<KVNamespace['put']>) =>
            ++puts === 1 ? new Promise<void>(() => undefined) : target.put(...args);
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    void bufferEvent(hanging, ownerId, viewOf(ownerId, 0), true, limits);
    await sleep(50);
    // Within the stall, a view is still handed to the hung writer (and goes down with it)...
    await bufferEvent(hanging, ownerId, viewOf(ownerId, 1), true, limits);
    await sleep(400);
    // ...after it, views start a writer of their own and are written.
    await Promise.all(
      Array.from({ length: 3 }, (_, n) => bufferEvent(hanging, ownerId, viewOf(ownerId, n + 2), true, limits)),
    );
    const events = await bufferedEvents(ownerId);
    expect(events.map((e) => e.visitor).sort()).toEqual([2, 3, 4].map((n) => cardVisitor(ownerId, n)).sort());
    expect(puts).toBe(2);
  });

  it('tries a failed write once more and loses nothing; twice failed, the writer reports its own and logs the others', async () => {
    const ownerId = crypto.randomUUID();
    const once = failingKvWrites(env.EVENTS, 1);
    await Promise.all(Array.from({ length: 5 }, (_, n) => bufferEvent(once, ownerId, viewOf(ownerId, n), true)));
    expect(once.failures).toBe(1);
    expect(await bufferedEvents(ownerId)).toHaveLength(5);

    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const down = failingKvWrites(env.EVENTS);
      const other = crypto.randomUUID();
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, (_, n) => bufferEvent(down, other, viewOf(other, n), true)),
      );
      // The writer's own event fails its request (track.ts logs it as dropped); the four it
      // took from others are logged here, with their number.
      expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
      const lines = logged.mock.calls.map((call) => JSON.parse(String(call[0])) as Record<string, unknown>);
      expect(lines).toContainEqual(expect.objectContaining({ event: 'batch', dropped: true, events: 4 }));
      expect(await bufferedKeys(other)).toHaveLength(0);
    } finally {
      logged.mockRestore();
    }
  });
});
