import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { LINK_THUMBNAIL_MESSAGE } from '@shared/schemas/links';
import { PLAYER_MESSAGE } from '@shared/link-display';
import { api, ORIGIN, registerUser } from '../helpers';
import { page } from '../page-helpers';
import { file, imageBytes, postForm } from '../images';

// Saving a link with its thumbnail and as a player; what the card then sends a visitor
// (docs/product.md §2: players on tap, no third-party request before the tap).

const pages = inject('pageServer');
let alice: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  [alice, bob] = await Promise.all([registerUser(), registerUser()]);
});

const create = (token: string, json: unknown) => api('/v1/user/links', { method: 'POST', token, json });
const row = (id: number) => env.DB.prepare('SELECT * FROM links WHERE id = ?').bind(id).first();
const previewThumbnail = async (token: string) =>
  (await api('/v1/user/links/preview', { method: 'POST', token, json: { url: `${pages}/article` } })).body.data
    .thumbnail_url as string;
const keyOf = (url: string) => new URL(url).pathname.replace(/^\/media\//, '').replace(/\/\d+\.jpg$/, '');

describe('saving a link', () => {
  it('stores the address without its tracking parameters', async () => {
    const res = await create(alice.token, {
      title: 'Talk',
      url: 'https://ada.example.com/talk?utm_source=ig&utm_medium=social&id=7&fbclid=IwAR0&si=abc',
    });
    expect(res.status).toBe(201);
    expect(res.body.link.url).toBe('https://ada.example.com/talk?id=7');
    expect(await row(res.body.link.id)).toMatchObject({ url: 'https://ada.example.com/talk?id=7' });
  });

  it('keeps a thumbnail the Worker made for this card, re-encoded in R2 and served from this site', async () => {
    const thumbnail = await previewThumbnail(alice.token);
    const res = await create(alice.token, {
      title: 'Article',
      url: 'https://example.org/article',
      thumbnail_url: thumbnail,
    });
    expect(res.status).toBe(201);
    expect(res.body.link.thumbnail_url).toBe(thumbnail);
    const key = keyOf(thumbnail);
    expect(await row(res.body.link.id)).toMatchObject({ thumbnail_key: key });
    // The page's JPEG was 1280x720 at quality 92: what is stored are our own sizes and encodings.
    const listed = (await env.MEDIA.list({ prefix: `${key}/` })).objects.map((object) => object.key).sort();
    const widths = ['160', '320', '400', '640'];
    const modern = widths.flatMap((width) => [`${width}.avif`, `${width}.webp`]);
    expect(listed).toEqual([...modern, '640.jpg'].sort().map((name) => `${key}/${name}`));
    const served = await page(new URL(thumbnail).pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/jpeg');
    const original = await (await fetch(`${pages}/picture.jpg`)).arrayBuffer();
    const stored = await (await env.MEDIA.get(`${key}/640.jpg`))!.arrayBuffer();
    expect(stored.byteLength).not.toBe(original.byteLength);
    expect(new URL(thumbnail).origin).toBe(ORIGIN);
  });

  it("refuses a thumbnail that is not this card's, changing nothing", async () => {
    const theirs = await previewThumbnail(bob.token);
    for (const thumbnail_url of [theirs, 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg', '/media/avatars/x.jpg']) {
      const res = await create(alice.token, { title: 'X', url: 'https://example.org/x', thumbnail_url });
      expect(res.status).toBe(422);
      expect(res.body.errors.thumbnail_url).toEqual([LINK_THUMBNAIL_MESSAGE]);
    }
    const count = await env.DB.prepare("SELECT count(*) AS n FROM links WHERE user_id = ? AND title = 'X'")
      .bind(alice.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it("uploads the owner's own thumbnail, and removes it, deleting its files", async () => {
    const upload = await postForm('/v1/user/links/thumbnail', alice.token, {
      thumbnail: file(await imageBytes('png'), 't.png', 'image/png'),
    });
    expect(upload.status).toBe(201);
    const created = await create(alice.token, {
      title: 'Mine',
      url: 'https://example.org/mine',
      thumbnail_url: upload.body.data.thumbnail_url,
    });
    const key = keyOf(upload.body.data.thumbnail_url);
    const removed = await api(`/v1/user/links/${created.body.link.id}`, {
      method: 'PUT',
      token: alice.token,
      json: { thumbnail_url: null },
    });
    expect(removed.body.link.thumbnail_url).toBeNull();
    expect((await env.MEDIA.list({ prefix: `${key}/` })).objects).toEqual([]);
    const notImage = await postForm('/v1/user/links/thumbnail', alice.token, {
      thumbnail: file('<html></html>', 't.png', 'image/png'),
    });
    expect(notImage.status).toBe(422);
    expect((await postForm('/v1/user/links/thumbnail', undefined, {})).status).toBe(401);
  });

  it("refuses 'player' for an address that cannot play", async () => {
    const res = await create(alice.token, { title: 'Site', url: 'https://example.org/', display: 'player' });
    expect(res.status).toBe(422);
    expect(res.body.errors.display).toEqual([PLAYER_MESSAGE]);
  });
});

describe('the card with a player', () => {
  it('loads nothing from a third party before the tap, and frames only the embed', async () => {
    const thumbnail = await previewThumbnail(alice.token);
    const res = await create(alice.token, {
      title: 'My talk',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&si=share&feature=share',
      display: 'player',
      thumbnail_url: thumbnail,
    });
    expect(res.body.link).toMatchObject({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', display: 'player' });
    const card = await page(`/p/${alice.username}`);
    expect(card.status).toBe(200);
    // The face: a plain link to the video, its embed only in a data attribute, our thumbnail.
    const face = /<a class="player ar-video" href="([^"]+)"[^>]*data-player="([^"]+)"[^>]*>([\s\S]*?)<\/a>/.exec(
      card.text,
    );
    expect(face?.[1]).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(face?.[2]).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    expect(face?.[3]).toContain(`<img src="${thumbnail}"`);
    // Everything a browser loads by itself (img, source, script, link, iframe): ours alone.
    const loaded = [...card.text.matchAll(/<(?:img|source|script|link|iframe)\b[^>]*>/g)].flatMap(([tag]) =>
      [...tag.matchAll(/\b(?:src|srcset|href)="([^"]*)"/gi)].flatMap(([, value]) =>
        value!.split(',').map((part) => part.trim().split(' ')[0]!),
      ),
    );
    expect(loaded.length).toBeGreaterThan(3);
    // data: URIs (the blurred placeholders) are part of the page itself.
    for (const address of loaded.filter((each) => !each.startsWith('data:')))
      expect(new URL(address, ORIGIN).origin).toBe(ORIGIN);
    expect(card.text).not.toContain('<iframe');
    expect(card.headers.get('Content-Security-Policy')).toMatch(/; frame-src https:\/\/www\.youtube-nocookie\.com$/);
  });

  it('sends a phone the face at 400 px in AVIF, and a wider screen the 640 px one', async () => {
    const carol = await registerUser();
    const thumbnail = await previewThumbnail(carol.token);
    await create(carol.token, {
      title: 'My video',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      display: 'player',
      thumbnail_url: thumbnail,
    });
    const card = await page(`/p/${carol.username}`);
    const face = /<a class="player ar-video"[^>]*>([\s\S]*?)<\/a>/.exec(card.text)![1]!;
    const set = thumbnail.replace(/\/\d+\.jpg$/, '');
    const sources = [...face.matchAll(/<source ([^>]*)>/g)].map(([, attributes]) =>
      Object.fromEntries(
        [...attributes!.matchAll(/([a-z]+)="([^"]*)"/gi)].map(([, name, value]) => [name!.toLowerCase(), value]),
      ),
    );
    // The browser takes the first source whose media and type it matches: on a phone, a
    // srcset whose widest is the 400 px AVIF (a 3x phone would otherwise take the widest of all).
    expect(sources.map((source) => [source.media ?? null, source.type])).toEqual([
      ['(max-width: 432px)', 'image/avif'],
      ['(max-width: 432px)', 'image/webp'],
      [null, 'image/avif'],
      [null, 'image/webp'],
    ]);
    const widest = (srcset: string) => srcset.split(', ').at(-1)!.split(' ')[0];
    expect(widest(sources[0]!.srcset!)).toBe(`${set}/400.avif`);
    expect(widest(sources[2]!.srcset!)).toBe(`${set}/640.avif`);
    const avif = await page(new URL(`${set}/400.avif`).pathname);
    expect(avif.status).toBe(200);
    expect(avif.headers.get('Content-Type')).toBe('image/avif');
  });

  it('frames nothing on a card without a player', async () => {
    const card = await page(`/p/${bob.username}`);
    expect(card.headers.get('Content-Security-Policy')).not.toContain('frame-src');
  });
});
