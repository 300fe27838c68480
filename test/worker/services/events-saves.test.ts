import { describe, expect, it } from 'vitest';
import { NON_HUMAN } from '../fixtures/user-agents';
import { createCard, page } from '../page-helpers';
import { bufferedEvents, countsOf, flushAll, stats, view, visitor } from './events-helpers';

// Saves of the contact (docs/product.md, Statistics): each download of the card's vCard by a
// person counts once, per card and day, through the same buffer, drain and rollups as views.

/** What a browser sends when the card's 'Save contact' button (`<a download>`) is tapped. */
async function save(username: string, headers: Record<string, string>, method = 'GET') {
  const res = await page(`/p/${username}.vcf`, {
    method,
    headers: { 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Site': 'same-origin', ...headers },
  });
  return res.status;
}

async function savesRolledUp(cardId: string) {
  const row = await (
    await countsOf(cardId)
  )
    .prepare(
      'SELECT coalesce(sum(saves), 0) AS saves, coalesce(sum(views), 0) AS views FROM daily_stats WHERE user_id = ?',
    )
    .bind(cardId)
    .first<{ saves: number; views: number }>();
  return row ?? { saves: 0, views: 0 };
}

describe('saves of the contact', { timeout: 60_000 }, () => {
  it('a download is counted once: buffered at once, then folded into the day by a drain', async () => {
    const card = await createCard({ links: 1 });
    expect(await save(card.username, visitor(1))).toBe(200);
    expect((await bufferedEvents(card.id)).map((event) => event.kind)).toEqual(['save']);
    // Shown before the drain (the buffer), as a view is.
    expect(await stats(card.token)).toMatchObject({ contact_saves: 1, profile_views: 0, unique_visitors: 1 });

    await flushAll();
    await flushAll();
    expect(await bufferedEvents(card.id)).toEqual([]);
    expect(await savesRolledUp(card.id)).toEqual({ saves: 1, views: 0 });
    const after = await stats(card.token);
    expect(after).toMatchObject({ contact_saves: 1, profile_views: 0, link_clicks: 0, unique_visitors: 1 });
    // A save is neither a view nor a click: no source, country or device is named for it.
    expect([after.referrers, after.countries, after.devices, after.channels]).toEqual([[], [], [], []]);
  });

  it('a visitor who opens the card and saves it is one visitor, with one view and one save', async () => {
    const card = await createCard({ links: 1 });
    expect(await view(card.username, visitor(2))).toBe(200);
    expect(await save(card.username, visitor(2))).toBe(200);
    await flushAll();
    const seen = await stats(card.token);
    expect(seen).toMatchObject({ profile_views: 1, contact_saves: 1, unique_visitors: 1 });
    expect(seen.countries.map((row) => [row.views, row.clicks])).toEqual([[1, 0]]);
  });

  it("a bot's or a headless browser's download, a HEAD and another site's image are not counted", async () => {
    const card = await createCard({ links: 1 });
    const agents = Object.values(NON_HUMAN).flat();
    for (const [i, agent] of agents.entries()) {
      expect(
        await save(card.username, { 'CF-Connecting-IP': `198.51.100.${(i % 250) + 1}`, 'User-Agent': agent }),
      ).toBe(200);
    }
    expect(await save(card.username, visitor(3), 'HEAD')).toBe(200);
    expect(
      await save(card.username, { ...visitor(4), 'Sec-Fetch-Dest': 'image', 'Sec-Fetch-Site': 'cross-site' }),
    ).toBe(200);
    expect(await bufferedEvents(card.id)).toEqual([]);
    await flushAll();
    expect(await savesRolledUp(card.id)).toEqual({ saves: 0, views: 0 });
    expect(await stats(card.token)).toMatchObject({ contact_saves: 0 });
  });

  it('a visitor saving over and over is bounded as views are, on counts of its own', async () => {
    const card = await createCard({ links: 1 });
    for (let i = 0; i < 20; i++) expect(await save(card.username, visitor(5))).toBe(200);
    await flushAll();
    // The saves' bound is the views' (3 per 30 minutes), on counts of its own: the views' is untouched.
    expect(await stats(card.token)).toMatchObject({ contact_saves: 3 });
    for (let i = 0; i < 3; i++) expect(await view(card.username, visitor(5))).toBe(200);
    expect(await stats(card.token)).toMatchObject({ contact_saves: 3, profile_views: 3 });
  });
});
