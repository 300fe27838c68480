import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATS_DAYS, statsSchema } from '@shared/schemas/stats';
import { putEvent } from '../../../worker/services/events/buffer';
import { api } from '../helpers';
import { click, flush, stats, view, visitor } from '../services/events-helpers';
import { createCard, type Owner } from '../page-helpers';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

let empty: Owner;
beforeAll(async () => {
  empty = await createCard({ links: 2 });
});

describe('GET /v1/user/stats', () => {
  it('refuses an anonymous or invalid request', async () => {
    const anonymous = await api('/v1/user/stats');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ success: false, message: 'Unauthenticated' });
    const forged = await api('/v1/user/stats', { token: 'not.a.token' });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ success: false, message: 'Invalid or expired token' });
  });

  it('answers zeros for a card nobody has visited yet', async () => {
    const res = await api('/v1/user/stats', { token: empty.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Statistics retrieved successfully' });
    const data = statsSchema.parse(res.body.data);
    expect(data).toMatchObject({
      profile_views: 0,
      link_clicks: 0,
      conversion_rate: 0,
      links_count: 2,
      active_links_count: 2,
      unique_visitors: 0,
      last_viewed_at: null,
      referrers: [],
      countries: [],
      devices: [],
      channels: [],
    });
    expect(data.links.map((link) => [link.title, link.clicks, link.click_through_rate])).toEqual([
      ['Link 1', 0, 0],
      ['Link 2', 0, 0],
    ]);
    expect(data.daily).toHaveLength(STATS_DAYS);
    expect(data.daily.at(-1)?.date).toBe(isoDay(Date.now()));
    expect(data.daily[0]?.date).toBe(isoDay(Date.now() - (STATS_DAYS - 1) * DAY));
    expect(data.daily.every((d) => d.views === 0 && d.clicks === 0 && d.unique_visitors === 0)).toBe(true);
  });

  it('shows a view and a click at once, before any flush, and the profile and the links follow the same numbers', async () => {
    const [card, other] = await Promise.all([createCard({ links: 1 }), createCard({ links: 1 })]);
    await Promise.all([
      view(card.username, visitor(1)),
      view(card.username, visitor(2)),
      view(card.username, visitor(1)),
    ]);
    await click(card.linkIds[0]!, visitor(2));
    // Another card's clicks, buffered beside these, are its own.
    await click(other.linkIds[0]!, visitor(3));
    await click(other.linkIds[0]!, visitor(4));
    const expected = { profile_views: 3, link_clicks: 1, unique_visitors: 2, conversion_rate: 50 };
    const before = await stats(card.token);
    expect(before).toMatchObject(expected);
    const profile = await api('/v1/user/profile', { token: card.token });
    expect(profile.body.data.views).toBe(3);
    expect(profile.body.data.last_viewed_at).toBe(before.last_viewed_at);
    expect(Date.parse(before.last_viewed_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // The Links screen (and the export's links.json) shows the link's click as the statistics do.
    const linkClicks = async () => (await api('/v1/user/links', { token: card.token })).body.data[0].clicks;
    expect(before.links[0]?.clicks).toBe(1);
    expect(await linkClicks()).toBe(1);

    expect((await api('/v1/user/links', { token: other.token })).body.data[0].clicks).toBe(2);

    await flush();
    expect(await stats(card.token)).toMatchObject({ ...expected, last_viewed_at: before.last_viewed_at });
    expect((await api('/v1/user/profile', { token: card.token })).body.data.views).toBe(3);
    expect(await linkClicks()).toBe(1);
    expect((await api('/v1/user/links', { token: other.token })).body.data[0].clicks).toBe(2);
  });

  it("shows only the signed-in owner's card", async () => {
    const [mine, theirs] = await Promise.all([createCard({ links: 1 }), createCard({ links: 1 })]);
    await view(theirs.username, visitor(1));
    await click(theirs.linkIds[0]!, visitor(1));
    await view(mine.username, visitor(2));
    const data = await stats(mine.token);
    expect(data).toMatchObject({ profile_views: 1, link_clicks: 0, links_count: 1 });
    expect(data.links.map((link) => link.id)).toEqual(mine.linkIds);
  });

  it('answers per-link clicks and click-through rate, and a daily series with every day', async () => {
    const card = await createCard({ links: 2 });
    const [a, b] = card.linkIds as [number, number];
    for (const i of [1, 2, 3, 4]) await view(card.username, visitor(i));
    await click(a, visitor(1));
    await click(a, visitor(2));
    await click(a, visitor(2));
    await click(b, visitor(3));
    // Views drained on their day: 3 days ago, and before the series.
    const now = Date.now();
    for (const [at, who] of [
      [now - 3 * DAY, 'e'],
      [now - 40 * DAY, 'f'],
    ] as const) {
      const past = {
        kind: 'view',
        linkId: null,
        country: null,
        referrer: null,
        device: 'desktop',
        channel: 'direct',
      } as const;
      await putEvent(env.EVENTS, {
        ...past,
        ownerId: card.id,
        at,
        visitor: `${who.repeat(8)}${card.id.replace(/-/g, '').slice(0, 24)}`,
      });
      await flush({ now: at });
    }

    const data = await stats(card.token);
    // A visitor is one per card per day (the hash's key rotates daily): 4 today, 2 on earlier days.
    expect(data).toMatchObject({ profile_views: 6, link_clicks: 4, unique_visitors: 6, conversion_rate: 50 });
    expect(data.links).toEqual([
      { id: a, title: 'Link 1', is_active: true, clicks: 3, click_through_rate: 50 },
      { id: b, title: 'Link 2', is_active: true, clicks: 1, click_through_rate: 16.67 },
    ]);
    expect(data.daily).toHaveLength(STATS_DAYS);
    expect(data.daily.at(-1)).toEqual({ date: isoDay(now), views: 4, clicks: 4, unique_visitors: 4 });
    expect(data.daily.at(-4)).toEqual({ date: isoDay(now - 3 * DAY), views: 1, clicks: 0, unique_visitors: 1 });
    expect(data.daily.reduce((sum, d) => sum + d.views, 0)).toBe(5);
  });

  it('keeps counting clicks of a deleted link in the total', async () => {
    const card = await createCard({ links: 2 });
    await view(card.username, visitor(1));
    await click(card.linkIds[0]!, visitor(1));
    await flush();
    const removed = await api(`/v1/user/links/${card.linkIds[0]}`, { method: 'DELETE', token: card.token });
    expect(removed.status).toBe(200);
    const data = await stats(card.token);
    expect(data).toMatchObject({ link_clicks: 1, links_count: 1, conversion_rate: 100 });
    expect(data.links.map((link) => link.id)).toEqual([card.linkIds[1]]);
  });
});

describe('GET /v1/user/stats?range=', () => {
  it('covers the last 7, 30 or 90 days, or all time, in every figure and in the chart', async () => {
    const card = await createCard({ links: 1 });
    const now = Date.now();
    // Views 2, 20 and 60 days ago (drained on their day), and a view and a click today.
    for (const [daysAgo, who] of [
      [2, 'a'],
      [20, 'b'],
      [60, 'c'],
    ] as const) {
      const at = now - daysAgo * DAY;
      const event = {
        kind: 'view',
        linkId: null,
        country: 'DE',
        referrer: null,
        device: 'desktop',
        channel: 'direct',
      } as const;
      await putEvent(env.EVENTS, {
        ...event,
        ownerId: card.id,
        at,
        visitor: `${who.repeat(8)}${card.id.replace(/-/g, '').slice(0, 24)}`,
      });
      await flush({ now: at });
    }
    await view(card.username, visitor(9));
    await click(card.linkIds[0]!, visitor(9));

    const ranged = async (range: string) => {
      const res = await api(`/v1/user/stats?range=${range}`, { token: card.token });
      expect(res.status, range).toBe(200);
      return statsSchema.parse(res.body.data);
    };
    const week = await ranged('7');
    expect(week).toMatchObject({ profile_views: 2, link_clicks: 1 });
    expect(week.daily).toHaveLength(7);
    expect(week.countries.find((c) => c.name === 'DE')?.views).toBe(1);
    expect(week.links[0]?.clicks).toBe(1);
    const month = await ranged('30');
    expect(month.profile_views).toBe(3);
    expect(month.daily).toHaveLength(30);
    const quarter = await ranged('90');
    expect(quarter.profile_views).toBe(4);
    expect(quarter.daily).toHaveLength(90);
    expect(quarter.daily.at(-61)).toMatchObject({ date: isoDay(now - 60 * DAY), views: 1 });
    const all = await ranged('all');
    expect(all.profile_views).toBe(4);
    expect(all.daily).toHaveLength(STATS_DAYS);
    // Without a range: all time, as before.
    expect((await stats(card.token)).profile_views).toBe(4);
  });

  it('refuses any other range with a clear message', async () => {
    for (const range of ['14', 'week', '', '7&range=30']) {
      const res = await api(`/v1/user/stats?range=${range}`, { token: empty.token });
      expect(res.status, range).toBe(422);
      expect(res.body).toMatchObject({ success: false, errors: { range: ['The range must be 7, 30, 90 or all'] } });
    }
  });

  it("shows only the signed-in owner's figures", async () => {
    const other = await createCard({ links: 1 });
    await view(other.username, visitor(3));
    const mine = await api('/v1/user/stats?range=7', { token: empty.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.profile_views).toBe(0);
    expect((await api('/v1/user/stats?range=7')).status).toBe(401);
  });
});
