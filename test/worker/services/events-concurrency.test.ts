// The counted view stays exact under load: the salt, the bound and the KV write run after the
// answer (waitUntil), and nothing is lost or counted twice when many visitors arrive at once.
import { describe, expect, it } from 'vitest';
import { VIEW_BOUND } from '../../../worker/services/events/bounds';
import { createCard, page } from '../page-helpers';
import { flushAll, stats, UA } from './events-helpers';

const AGENTS = Object.values(UA);
const WINDOW_MS = VIEW_BOUND.windowMs;

/**
 * Visitor i of this file: a network of its own (a /64 of the documentation range: a card counts
 * a network's views up to its allowance, docs/decisions/0086) and one of the browsers.
 */
const visitor = (i: number) => ({
  'CF-Connecting-IP': `2001:db8:c0c:${i.toString(16)}::1`,
  'User-Agent': AGENTS[i % 4]!,
});

/** Waits out the end of a bound's window (and of the UTC day), so the test sees one window only. */
async function awayFromWindowEdge() {
  const left = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

describe('the counted view under concurrency', { timeout: 90_000 }, () => {
  it('counts 200 concurrent views exactly: new visitors, repeat visitors and visitors over the bound', async () => {
    const card = await createCard({ links: 1 });
    // 100 visitors once, 30 twice, 10 four times (one view over the bound of 3 each): 200 requests.
    const requests = [
      ...Array.from({ length: 100 }, (_, i) => i),
      ...Array.from({ length: 30 }, (_, i) => [100 + i, 100 + i]).flat(),
      ...Array.from({ length: 10 }, (_, i) => Array<number>(4).fill(130 + i)).flat(),
    ];
    expect(requests).toHaveLength(200);
    // Interleaved, so a visitor's views are in flight together with everyone else's.
    const order = requests.map((v, i) => ({ v, k: (i * 7919) % requests.length })).sort((a, b) => a.k - b.k);
    await awayFromWindowEdge();
    const answers = await Promise.all(order.map(({ v }) => page(`/p/${card.username}`, { headers: visitor(v) })));
    expect(answers.map((a) => a.status)).toEqual(Array<number>(200).fill(200));

    await flushAll();
    const counted = 100 + 30 * 2 + 10 * VIEW_BOUND.limit;
    expect(await stats(card.token)).toMatchObject({ profile_views: counted, unique_visitors: 140 });
    // A second drain finds nothing more: every view was buffered once.
    await flushAll();
    expect((await stats(card.token)).profile_views).toBe(counted);
  });
});
