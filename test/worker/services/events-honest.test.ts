import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CLICK_BOUND, VIEW_BOUND } from '../../../worker/services/events/bounds';
import { isNonHuman } from '../../../worker/services/events/non-human';
import { HUMAN, NON_HUMAN } from '../fixtures/user-agents';
import { ORIGIN } from '../helpers';
import { page } from '../page-helpers';
import { bufferedEvents, bufferedKeys, click, stats, view, visitor } from './events-helpers';
import { createCard } from '../page-helpers';

/** The server-rendered card, as a browser navigating to it asks for it. */
async function openCard(username: string, headers: Record<string, string>) {
  const { status } = await page(`/p/${username}`, {
    headers: { 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Site': 'none', ...headers },
  });
  return status;
}

/** What a browser sends for `<a ping>` when the visitor follows the link. */
async function ping(linkId: number, username: string, headers: Record<string, string>) {
  const res = await SELF.fetch(`${ORIGIN}/v1/link/${linkId}/click`, {
    method: 'POST',
    body: 'PING',
    headers: {
      'Content-Type': 'text/ping',
      'Ping-From': `${ORIGIN}/p/${username}`,
      'Ping-To': 'https://example.com/1',
      'Sec-Fetch-Dest': 'empty',
      'Sec-Fetch-Mode': 'no-cors',
      'Sec-Fetch-Site': 'same-origin',
      ...headers,
    },
  });
  await res.arrayBuffer();
  return res.status;
}

describe('non-human agents', () => {
  it('recognises every class of non-human agent, and no browser of a person', () => {
    for (const [group, agents] of Object.entries(NON_HUMAN)) {
      for (const agent of agents)
        expect({ group, agent, nonHuman: isNonHuman(agent) }).toMatchObject({ nonHuman: true });
    }
    for (const agent of HUMAN) expect({ agent, nonHuman: isNonHuman(agent) }).toMatchObject({ nonHuman: false });
  });

  it.each(Object.entries(NON_HUMAN))('counts no view or click from %s, and still answers them', async (_, agents) => {
    const card = await createCard({ links: 1 });
    const link = card.linkIds[0]!;
    for (const [i, agent] of agents.entries()) {
      const who = { 'CF-Connecting-IP': `198.51.100.${i + 1}`, 'User-Agent': agent };
      expect(await openCard(card.username, who)).toBe(200);
      expect(await view(card.username, who)).toBe(200);
      expect(await click(link, who)).toBe(204);
      expect(await ping(link, card.username, who)).toBe(204);
    }
    expect(await bufferedKeys(card.id)).toHaveLength(0);
  });

  it("counts people's browsers, in-app browsers included", async () => {
    const card = await createCard({ links: 1 });
    for (const [i, agent] of HUMAN.entries()) {
      expect(await openCard(card.username, { 'CF-Connecting-IP': `203.0.113.${i + 1}`, 'User-Agent': agent })).toBe(
        200,
      );
    }
    expect(await stats(card.token)).toMatchObject({ profile_views: HUMAN.length, unique_visitors: HUMAN.length });
  });
});

describe('per-visitor bounds', () => {
  it(`counts a visitor reloading the card fifty times as at most ${VIEW_BOUND.limit} views`, async () => {
    const card = await createCard({ links: 1 });
    for (let i = 0; i < 50; i++) expect(await openCard(card.username, visitor(1))).toBe(200);
    // The JSON card is the same card: its views share the bound.
    for (let i = 0; i < 10; i++) expect(await view(card.username, visitor(1))).toBe(200);
    // Another visitor still counts.
    expect(await openCard(card.username, visitor(2))).toBe(200);
    expect(await stats(card.token)).toMatchObject({ profile_views: VIEW_BOUND.limit + 1, unique_visitors: 2 });
  });

  it('holds the bound for a burst of parallel reloads too', async () => {
    const card = await createCard({ links: 1 });
    const statuses = await Promise.all(Array.from({ length: 20 }, () => openCard(card.username, visitor(3))));
    expect(statuses.every((status) => status === 200)).toBe(true);
    // Views of a card at once may share a key (batch-writer.ts): the events are what count.
    expect(await bufferedEvents(card.id)).toHaveLength(VIEW_BOUND.limit);
  });

  it(
    `counts at most ${CLICK_BOUND.limit} clicks of one link per visitor in a minute, each link on its own`,
    { timeout: 90_000 },
    async () => {
      const card = await createCard({ links: 2 });
      const [a, b] = card.linkIds as [number, number];
      // The windows are fixed (bounds.ts): a visitor across a boundary may count twice the bound, so
      // the forty requests start early in a window, with time to spare on a loaded machine.
      const left = CLICK_BOUND.windowMs - (Date.now() % CLICK_BOUND.windowMs);
      if (left < 25_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
      for (let i = 0; i < 20; i++) expect(await click(a, visitor(1))).toBe(204);
      for (let i = 0; i < 20; i++) expect(await ping(a, card.username, visitor(1))).toBe(204);
      expect(await click(b, visitor(1))).toBe(204);
      expect(await click(a, visitor(2))).toBe(204);
      const data = await stats(card.token);
      expect(data.links.map((link) => link.clicks)).toEqual([CLICK_BOUND.limit + 1, 1]);
    },
  );
});

describe('what a browser sends', () => {
  it("counts the link's ping (POST, text/ping) as a click, and nothing for an unknown link", async () => {
    const card = await createCard({ links: 1 });
    expect(await ping(card.linkIds[0]!, card.username, visitor(1))).toBe(204);
    expect(await ping(999_999, card.username, visitor(1))).toBe(404);
    expect(await stats(card.token)).toMatchObject({ link_clicks: 1, unique_visitors: 1 });
  });

  it('counts no prefetch, prerender or preview, however the browser names it, and counts the view after it', async () => {
    const card = await createCard({ links: 1 });
    const speculative: Record<string, string>[] = [
      { 'Sec-Purpose': 'prefetch' },
      { 'Sec-Purpose': 'prefetch;prerender' },
      { 'Sec-Purpose': 'prefetch;anonymous-client-ip' },
      { Purpose: 'prefetch' },
      { 'X-Moz': 'prefetch' },
      { 'X-Purpose': 'preview' },
    ];
    for (const [i, headers] of speculative.entries()) {
      expect(await openCard(card.username, { ...visitor(i + 1), ...headers })).toBe(200);
      expect(await view(card.username, { ...visitor(i + 1), ...headers })).toBe(200);
    }
    expect(await bufferedKeys(card.id)).toHaveLength(0);
    expect(await openCard(card.username, visitor(1))).toBe(200);
    expect(await bufferedKeys(card.id)).toHaveLength(1);
  });

  it("counts nothing for an image, a script or another site's fetch pointed at a card or a click", async () => {
    const card = await createCard({ links: 1 });
    const link = card.linkIds[0]!;
    const image = {
      ...visitor(1),
      'Sec-Fetch-Dest': 'image',
      'Sec-Fetch-Mode': 'no-cors',
      'Sec-Fetch-Site': 'same-origin',
    };
    const script = { ...visitor(1), 'Sec-Fetch-Dest': 'script', 'Sec-Fetch-Site': 'same-origin' };
    const elsewhere = {
      ...visitor(1),
      'Sec-Fetch-Dest': 'empty',
      'Sec-Fetch-Mode': 'no-cors',
      'Sec-Fetch-Site': 'cross-site',
    };
    for (const headers of [image, script, elsewhere]) {
      expect(await openCard(card.username, headers)).toBe(200);
      expect(await click(link, headers)).toBe(204);
      expect(await ping(link, card.username, headers)).toBe(204);
    }
    expect(await bufferedKeys(card.id)).toHaveLength(0);
    // A visitor arriving from another site's link is a view like any other.
    expect(await openCard(card.username, { ...visitor(1), 'Sec-Fetch-Site': 'cross-site' })).toBe(200);
    expect(await bufferedKeys(card.id)).toHaveLength(1);
  });
});
