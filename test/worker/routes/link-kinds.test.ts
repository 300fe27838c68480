import { env, SELF } from 'cloudflare:test';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../../worker/db/client';
import { cacheSeconds, cardVersion } from '../../../worker/pages/page-cache';
import { getPublicCard } from '../../../worker/services/public-card';
import { walletCard } from '../../../worker/services/wallet';
import { api, ORIGIN, registerUser, toRequest } from '../helpers';
import { createCard, page } from '../page-helpers';
import { stats, visitor } from '../services/events-helpers';
import { setLanguage } from '../i18n/language-helpers';

// Sections, the social row, scheduled, highlighted and sensitive links (decision 0101): what the
// API stores and refuses, and what a visitor finds on the card, in its vCard, JSON-LD and pass.

const HOUR = 60 * 60 * 1000;
const links = (token: string) => api('/v1/user/links', { token });
const add = (token: string, json: Record<string, unknown>) => api('/v1/user/links', { method: 'POST', token, json });
const change = (token: string, id: number, json: Record<string, unknown>) =>
  api(`/v1/user/links/${id}`, { method: 'PUT', token, json });
const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as { sameAs?: string[] };

describe('headers', () => {
  it('a header is a title only; a URL on it is refused, and a link without one', async () => {
    const user = await registerUser();
    const header = await add(user.token, { kind: 'header', title: 'Music' });
    expect(header.status).toBe(201);
    expect(header.body.link).toMatchObject({ kind: 'header', title: 'Music', url: '', display: 'button' });

    const withUrl = await add(user.token, { kind: 'header', title: 'Shop', url: 'https://shop.example.com' });
    expect(withUrl.status).toBe(422);
    expect(withUrl.body.errors.url).toEqual(['A header is a title only: it has no URL']);
    const noUrl = await add(user.token, { title: 'Blog' });
    expect(noUrl.status).toBe(422);
    expect(noUrl.body.errors.url).toEqual(['URL is required']);
    const changed = await change(user.token, header.body.link.id, { url: 'https://shop.example.com' });
    expect(changed.status).toBe(422);
    expect(changed.body.errors.url).toEqual(['A header is a title only: it has no URL']);
    expect((await links(user.token)).body.data).toMatchObject([{ kind: 'header', title: 'Music', url: '' }]);
  });

  it('opens a section on the card: a heading, then its own list', async () => {
    const user = await createCard({ links: 1 });
    await add(user.token, { kind: 'header', title: 'Music' });
    await add(user.token, { title: 'Album', url: 'https://music.example.com/album' });
    const { text } = await page(`/p/${user.username}`);
    expect(text).toMatch(
      /<ul class="links" aria-label="Links"><li>.*Link 1.*<\/ul><h2 class="lh" dir="auto">Music<\/h2><ul class="links" aria-label="Music"><li>.*Album/s,
    );
    // The header is no link: not in the vCard, nor the JSON-LD, and not clickable.
    expect((await page(`/p/${user.username}.vcf`)).text).not.toContain('Music');
    const header = (await links(user.token)).body.data.find((link: { kind: string }) => link.kind === 'header');
    expect((await api(`/v1/link/${header.id}/click`)).status).toBe(404);
  });
});

describe('the social row', () => {
  it('is a list of links with accessible names under the name, counted like buttons', async () => {
    const user = await createCard({ links: 1 });
    const insta = await add(user.token, {
      title: 'Instagram',
      url: 'https://instagram.com/ada',
      icon: '/icons/instagram.svg',
      display: 'icon',
    });
    expect(insta.status).toBe(201);
    const { text } = await page(`/p/${user.username}`);
    const row = /<ul class="social" aria-label="Social profiles">(.*?)<\/ul>/s.exec(text)?.[1] ?? '';
    expect(row).toMatch(/<li><a href="https:\/\/instagram.com\/ada"[^>]*aria-label="Instagram"/);
    expect(row).toContain(`ping="/v1/link/${insta.body.link.id}/click"`);
    // Under the name, before the buttons, and not among them.
    expect(text.indexOf('class="social"')).toBeLessThan(text.indexOf('class="links"'));
    expect(/<ul class="links"[^>]*>(.*?)<\/ul>/s.exec(text)?.[1]).not.toContain('instagram.com');
    expect((await api(`/v1/link/${insta.body.link.id}/click`, { method: 'POST', headers: visitor(7) })).status).toBe(
      204,
    );
    expect((await stats(user.token)).link_clicks).toBe(1);
  });

  it("refuses a player for an address the card cannot play, and a display it doesn't know", async () => {
    const user = await registerUser();
    const player = await add(user.token, { title: 'Blog', url: 'https://ada.example.com', display: 'player' });
    expect(player.status).toBe(422);
    expect(player.body.errors.display).toEqual([
      'This address cannot be played on the card: show it as a button or an icon',
    ]);
    const odd = await add(user.token, { title: 'Blog', url: 'https://ada.example.com', display: 'banner' });
    expect(odd.status).toBe(422);
    expect(odd.body.errors.display).toEqual(["display must be 'button', 'icon' or 'player'"]);
    expect((await links(user.token)).body.data).toEqual([]);
  });
});

describe('the highlighted link', () => {
  it('is one at a time: highlighting a second moves the mark', async () => {
    const user = await createCard({ links: 2 });
    const [a, b] = user.linkIds as [number, number];
    expect((await change(user.token, a, { highlight: true })).body.link.highlight).toBe(true);
    expect((await change(user.token, b, { highlight: true })).body.link.highlight).toBe(true);
    const rows = (await links(user.token)).body.data as { id: number; highlight: boolean }[];
    expect(rows.map((link) => [link.id, link.highlight])).toEqual([
      [a, false],
      [b, true],
    ]);
    const { text } = await page(`/p/${user.username}`);
    expect(text.match(/class="hl"/g)).toHaveLength(1);
    expect(text).toMatch(/class="hl"[^>]*>.*Link 2.*<em class="mark">Featured<\/em>/);
  });

  it("another account cannot touch a link's marks, schedule or display", async () => {
    const owner = await createCard({ links: 1 });
    const other = await registerUser();
    const id = owner.linkIds[0]!;
    const before = (await links(owner.token)).body.data;
    for (const body of [
      { highlight: true },
      { sensitive: true },
      { display: 'icon' },
      { starts_at: '2030-01-01T00:00:00Z' },
    ]) {
      const res = await change(other.token, id, body);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Link not found');
    }
    expect((await api(`/v1/user/links/${id}`, { method: 'PUT', json: { highlight: true } })).status).toBe(401);
    expect((await links(owner.token)).body.data).toEqual(before);
  });
});

describe('a sensitive link', () => {
  it('sends the visitor through an interstitial without JavaScript, whose Continue counts the click and leaves', async () => {
    const user = await createCard({ links: 1 });
    const id = user.linkIds[0]!;
    expect((await change(user.token, id, { sensitive: true })).body.link.sensitive).toBe(true);
    const card = await page(`/p/${user.username}`);
    const anchor = /<a [^>]*href="\/leaving\/(\d+)"[^>]*>/.exec(card.text);
    expect(anchor?.[1]).toBe(String(id));
    // The card reports nothing for it: the click is counted on Continue only.
    expect(anchor?.[0]).not.toContain('ping=');
    expect(anchor?.[0]).not.toContain('data-link-id');

    const warning = await page(`/leaving/${id}`);
    expect(warning.status).toBe(200);
    expect(warning.text).toContain('This link may contain content for adults. Continue?');
    expect(warning.text).not.toMatch(/<script\b/);
    const onward = /<a class="btn primary" href="([^"]+)"[^>]*>Continue<\/a>/.exec(warning.text)?.[1];
    expect(onward).toBe(`/leaving/${id}/continue`);
    expect(warning.text).toContain(`href="/p/${user.username}"`);

    const res = await page(onward!, { headers: visitor(3), redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('https://example.com/1');
    expect((await stats(user.token)).link_clicks).toBe(1);
  });

  it('speaks the card language, and is not found for a link that is not sensitive', async () => {
    const user = await createCard({ links: 2 });
    const [plain, marked] = user.linkIds as [number, number];
    await change(user.token, marked, { sensitive: true });
    await setLanguage(user, 'de');
    const warning = await page(`/leaving/${marked}`);
    expect(warning.text).toContain('Dieser Link kann Inhalte für Erwachsene enthalten. Fortfahren?');
    expect(warning.text).toContain('<html lang="de"');
    expect((await page(`/leaving/${plain}`)).status).toBe(404);
    expect((await page(`/leaving/${plain}/continue`, { redirect: 'manual' })).status).toBe(404);
    expect((await stats(user.token)).link_clicks).toBe(0);
  });
});

describe('scheduled links', () => {
  it('are absent before their start and after their end from the card, vCard, JSON-LD and pass; present between', async () => {
    const user = await createCard({ links: 1 });
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const made = async (title: string, slug: string, starts: number | null, ends: number | null) =>
      (
        await add(user.token, {
          title,
          url: `https://ada.example.com/${slug}`,
          starts_at: starts === null ? null : iso(starts),
          ends_at: ends === null ? null : iso(ends),
        })
      ).body.link;
    const upcoming = await made('Upcoming sale', 'upcoming', now + HOUR, now + 2 * HOUR);
    expect(upcoming.starts_at).toBe(iso(now + HOUR));
    await made('Ended sale', 'ended', now - 2 * HOUR, now - HOUR);
    await made('Live sale', 'live', now - HOUR, now + HOUR);

    const card = await page(`/p/${user.username}`);
    const vcard = await page(`/p/${user.username}.vcf`);
    const answer = await api(`/v1/p/${user.username}`);
    const pass = await walletCard(createDb(env.DB), ORIGIN, user.id);
    for (const text of [card.text, vcard.text, JSON.stringify(answer.body), JSON.stringify(pass.card)]) {
      expect(text).toContain('ada.example.com/live');
      expect(text).not.toContain('ada.example.com/upcoming');
      expect(text).not.toContain('ada.example.com/ended');
    }
    expect(jsonLd(card.text).sameAs).toContain('https://ada.example.com/live');
    expect(jsonLd(card.text).sameAs).not.toContain('https://ada.example.com/upcoming');
    // Nor can its click be counted while it is away.
    expect((await api(`/v1/link/${upcoming.id}/click`)).status).toBe(404);
  });

  it("changes the card's version, and ends its cache, at the next start or end (simulated time)", async () => {
    const user = await createCard({ links: 1 });
    const start = Date.UTC(2030, 11, 12, 9);
    const end = start + 2 * HOUR;
    await add(user.token, {
      title: 'Winter sale',
      url: 'https://ada.example.com/sale',
      starts_at: '2030-12-12T10:00:00+01:00',
      ends_at: '2030-12-12T11:00:00Z',
    });
    const db = createDb(env.DB);
    const at = async (now: number) => {
      const result = await getPublicCard(db, ORIGIN, user.username, now);
      if (result.status !== 'public') throw new Error(result.status);
      return {
        titles: result.card.links.map((link) => link.title),
        version: await cardVersion(result.card),
        ...result,
      };
    };
    const before = await at(start - 1);
    const during = await at(start);
    const lastMoment = await at(end - 1);
    const after = await at(end);
    expect(before.titles).toEqual(['Link 1']);
    expect(during.titles).toEqual(['Link 1', 'Winter sale']);
    expect(lastMoment.titles).toEqual(['Link 1', 'Winter sale']);
    expect(after.titles).toEqual(['Link 1']);
    expect(during.version).not.toBe(before.version);
    expect(lastMoment.version).toBe(during.version);
    expect(after.version).toBe(before.version);
    // The edge keeps each page until the next boundary and no longer.
    expect(before.changesAt).toBe(start);
    expect(during.changesAt).toBe(end);
    expect(after.changesAt).toBeNull();
    expect(cacheSeconds(before.changesAt, start - 90_000)).toBe(90);
    expect(cacheSeconds(after.changesAt, end)).toBe(24 * 60 * 60);
  });

  it('refuses an end before its start, and a time without its offset, and stores nothing', async () => {
    const user = await registerUser();
    const backwards = await add(user.token, {
      title: 'Sale',
      url: 'https://ada.example.com/sale',
      starts_at: '2030-12-12T10:00:00Z',
      ends_at: '2030-12-12T09:00:00Z',
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.ends_at).toEqual(['The end must come after the start']);
    const local = await add(user.token, { title: 'Sale', url: 'https://ada.example.com/sale', starts_at: 'tomorrow' });
    expect(local.status).toBe(422);
    expect(local.body.errors.starts_at).toEqual([
      'Use an ISO 8601 date and time with its offset, such as 2026-12-12T09:00:00Z',
    ]);
    expect((await links(user.token)).body.data).toEqual([]);
  });
});

describe('the export', () => {
  it("carries each link's kind, display, schedule and marks, and none of another account's", async () => {
    const owner = await createCard({ links: 1 });
    const other = await createCard({ links: 1 });
    await change(other.token, other.linkIds[0]!, { sensitive: true });
    await add(owner.token, { kind: 'header', title: 'Music' });
    await add(owner.token, {
      title: 'Sale',
      url: 'https://ada.example.com/sale',
      display: 'icon',
      starts_at: '2030-12-12T10:00:00+01:00',
      ends_at: '2030-12-20T09:00:00Z',
      highlight: true,
      sensitive: true,
    });
    const res = await SELF.fetch(toRequest('/v1/user/export', { token: owner.token }));
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const exported = JSON.parse(strFromU8(files['links.json']!)) as Record<string, unknown>[];
    expect(
      exported.map(({ title, kind, display, starts_at, ends_at, highlight, sensitive }) => ({
        title,
        kind,
        display,
        starts_at,
        ends_at,
        highlight,
        sensitive,
      })),
    ).toEqual([
      {
        title: 'Link 1',
        kind: 'link',
        display: 'button',
        starts_at: null,
        ends_at: null,
        highlight: false,
        sensitive: false,
      },
      {
        title: 'Music',
        kind: 'header',
        display: 'button',
        starts_at: null,
        ends_at: null,
        highlight: false,
        sensitive: false,
      },
      {
        title: 'Sale',
        kind: 'link',
        display: 'icon',
        starts_at: '2030-12-12T09:00:00.000Z',
        ends_at: '2030-12-20T09:00:00.000Z',
        highlight: true,
        sensitive: true,
      },
    ]);
  });
});
