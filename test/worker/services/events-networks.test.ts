// Counting per network (docs/decisions/0086): a card's views and a link's clicks from one network
// (an IPv4 address, an IPv6 /64) are bounded per UTC day whatever User-Agents it sends, while
// every real network still counts.
import { describe, expect, it } from 'vitest';
import { NETWORK_ALLOWANCE, VIEW_BOUND } from '../../../worker/services/events/bounds';
import { createCard } from '../page-helpers';
import { click, flushAll, stats, UA, view } from './events-helpers';

/** Twenty browsers a script could claim to be: Chrome 112 to 131 on Windows, as real ones send it. */
const AGENTS = Array.from(
  { length: 20 },
  (_, i) =>
    `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${112 + i}.0.0.0 Safari/537.36`,
);

/** Twenty addresses of one IPv6 /64 (documentation range), as a host holding the /64 can use. */
const inOne64 = (block: string) => AGENTS.map((_, i) => `2001:db8:${block}:7::${(i + 1).toString(16)}`);

/** Waits out the end of a visitor's window (a day ends on one too), so a test sees one window only. */
async function awayFromWindowEdge() {
  const left = VIEW_BOUND.windowMs - (Date.now() % VIEW_BOUND.windowMs);
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** Each request a view of the card and a click of its first link; then the drain, and the statistics. */
async function visitAll(requests: Record<string, string>[]) {
  await awayFromWindowEdge();
  const card = await createCard({ links: 2 });
  const [first] = card.linkIds as [number, number];
  for (const headers of requests) {
    expect(await view(card.username, headers)).toBe(200);
    expect(await click(first, headers)).toBe(204);
  }
  await flushAll();
  return { card, data: await stats(card.token) };
}

describe('counting per network', { timeout: 60_000 }, () => {
  it('counts twenty User-Agents from one IPv4 address as the allowance of views and of clicks', async () => {
    // The allowance docs/product.md states: ten a card and ten a link, per network and day.
    expect(NETWORK_ALLOWANCE).toBe(10);
    const { data } = await visitAll(
      AGENTS.map((agent) => ({ 'CF-Connecting-IP': '198.51.100.20', 'User-Agent': agent })),
    );
    expect(data).toMatchObject({
      profile_views: NETWORK_ALLOWANCE,
      link_clicks: NETWORK_ALLOWANCE,
      unique_visitors: NETWORK_ALLOWANCE,
    });
    expect(data.links.map((link) => link.clicks)).toEqual([NETWORK_ALLOWANCE, 0]);
  });

  it('counts twenty addresses of one IPv6 /64, each with its own browser, as the allowance', async () => {
    const addresses = inOne64('a1');
    const { data } = await visitAll(addresses.map((ip, i) => ({ 'CF-Connecting-IP': ip, 'User-Agent': AGENTS[i]! })));
    expect(data).toMatchObject({
      profile_views: NETWORK_ALLOWANCE,
      link_clicks: NETWORK_ALLOWANCE,
      unique_visitors: NETWORK_ALLOWANCE,
    });
  });

  it('counts one browser moving through the addresses of its /64 as one visitor', async () => {
    // A phone's IPv6 privacy address changes within its /64: still the same person.
    const { data } = await visitAll(inOne64('a2').map((ip) => ({ 'CF-Connecting-IP': ip, 'User-Agent': UA.iphone })));
    expect(data).toMatchObject({ profile_views: VIEW_BOUND.limit, unique_visitors: 1 });
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const requests = AGENTS.map((agent, i) => ({
      'CF-Connecting-IP': i % 2 === 0 ? '198.51.100.21' : '::ffff:198.51.100.21',
      'User-Agent': agent,
    }));
    const { data } = await visitAll(requests);
    expect(data).toMatchObject({ profile_views: NETWORK_ALLOWANCE, link_clicks: NETWORK_ALLOWANCE });
  });

  it.each([
    ['twenty IPv4 addresses of one /24', (i: number) => `198.51.100.${40 + i}`],
    ['twenty neighbouring /64s of one /56', (i: number) => `2001:db8:b:${i.toString(16)}::1`],
  ])('counts %s as twenty real networks, with the same browser', async (_, address) => {
    const requests = AGENTS.map((_, i) => ({ 'CF-Connecting-IP': address(i), 'User-Agent': UA.android }));
    const { data } = await visitAll(requests);
    expect(data).toMatchObject({ profile_views: 20, link_clicks: 20, unique_visitors: 20 });
    expect(data.links.map((link) => link.clicks)).toEqual([20, 0]);
  });

  it('lets a reload loop spend its own window, not the allowance of the people on its network', async () => {
    const from = (agent: string) => ({ 'CF-Connecting-IP': '198.51.100.23', 'User-Agent': agent });
    const others = AGENTS.slice(1, NETWORK_ALLOWANCE - VIEW_BOUND.limit + 1);
    const { data } = await visitAll([...Array<string>(20).fill(AGENTS[0]!), ...others].map(from));
    expect(data).toMatchObject({ profile_views: NETWORK_ALLOWANCE, unique_visitors: others.length + 1 });
  });

  it("gives each card and each link its own allowance: a network over one card's still counts on another", async () => {
    await awayFromWindowEdge();
    const [card, other] = await Promise.all([createCard({ links: 2 }), createCard({ links: 1 })]);
    const [a, b] = card.linkIds as [number, number];
    const from = (agent: string) => ({ 'CF-Connecting-IP': '198.51.100.22', 'User-Agent': agent });
    for (const agent of AGENTS) {
      await view(card.username, from(agent));
      await click(a, from(agent));
    }
    expect(await view(other.username, from(AGENTS[0]!))).toBe(200);
    expect(await click(b, from(AGENTS[0]!))).toBe(204);
    await flushAll();
    const data = await stats(card.token);
    expect(data.profile_views).toBe(NETWORK_ALLOWANCE);
    expect(data.links.map((link) => link.clicks)).toEqual([NETWORK_ALLOWANCE, 1]);
    expect((await stats(other.token)).profile_views).toBe(1);
  });
});
