// GET /p/{username}/og.png: the card's Open Graph image, and the head that names it.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { decodePng } from '../../../worker/lib/png';
import { drawable } from '../../../worker/og/render';
import { postForm } from '../images';
import { createCard, insertCard, page } from '../page-helpers';
import { ORIGIN } from '../helpers';
import worker from '../../../worker/index';
import type { Bindings } from '../../../worker/env';
import { OG_FALLBACK_PNG } from '../../../worker/og/fallback.generated';
import { cachedOgImage, noteRenderAttempt, ogCacheKey } from '../../../worker/og/og-cache';
import { cardVersion } from '../../../worker/pages/page-cache';
import { getPublicCard } from '../../../worker/services/public-card';
import { createDb } from '../../../worker/db/client';
import { downR2 } from '../failing-parts';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';

async function image(path: string, headers: Record<string, string> = {}, bindings: Partial<Bindings> = {}) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { headers }) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...bindings },
    ctx,
  );
  const bytes = new Uint8Array(await res.arrayBuffer());
  await waitOnExecutionContext(ctx);
  return { status: res.status, headers: res.headers, bytes };
}

/** The IHDR chunk, read as the PNG specification lays it out. */
function ihdr(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b);
  const type = new TextDecoder().decode(bytes.subarray(12, 16));
  return { signature, type, width: view.getUint32(16), height: view.getUint32(20) };
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

const rename = (owner: { token: string; username: string }, name: string, bio = '') =>
  postForm('/v1/user/profile/update', owner.token, { name, username: owner.username, bio });

describe('GET /p/{username}/og.png', { timeout: 60_000 }, () => {
  it('is a 1200x630 PNG whose bytes change when the name changes, and not otherwise', async () => {
    const owner = await createCard({ name: 'Ada Lovelace', bio: 'Engineer' });
    const path = `/p/${owner.username}/og.png`;
    const first = await image(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('Content-Type')).toBe('image/png');
    expect(ihdr(first.bytes)).toEqual({ signature: true, type: 'IHDR', width: 1200, height: 630 });
    expect(first.headers.get('X-Card-Cache')).toBe('MISS');

    // Kept in the edge cache until the card changes.
    const again = await image(path);
    expect(again.headers.get('X-Card-Cache')).toBe('HIT');
    expect(sameBytes(again.bytes, first.bytes)).toBe(true);

    // A change the image does not draw (the bio) makes a new version, drawn to the same bytes.
    expect((await rename(owner, 'Ada Lovelace', 'Mathematician')).status).toBe(200);
    const bioChanged = await image(path);
    expect(bioChanged.headers.get('X-Card-Cache')).toBe('MISS');
    expect(bioChanged.headers.get('ETag')).not.toBe(first.headers.get('ETag'));
    expect(sameBytes(bioChanged.bytes, first.bytes)).toBe(true);

    expect((await rename(owner, 'Ada King', 'Mathematician')).status).toBe(200);
    const renamed = await image(path);
    expect(renamed.status).toBe(200);
    expect(ihdr(renamed.bytes)).toMatchObject({ width: 1200, height: 630 });
    expect(sameBytes(renamed.bytes, first.bytes)).toBe(false);
  });

  it('draws title and company under the name', async () => {
    const owner = await createCard({ name: 'Ada Lovelace' });
    const path = `/p/${owner.username}/og.png`;
    const plain = await image(path);
    const update = await postForm('/v1/user/profile/update', owner.token, {
      name: 'Ada Lovelace',
      username: owner.username,
      job_title: 'Head of Design',
      company: 'Acme',
    });
    expect(update.status).toBe(200);
    const withRole = await image(path);
    expect(ihdr(withRole.bytes)).toMatchObject({ width: 1200, height: 630 });
    // The lines under the name differ where the role is drawn; the band and avatar above do not.
    const [a, b] = await Promise.all([decodePng(plain.bytes), decodePng(withRole.bytes)]);
    const row = a.width * a.channels;
    const rowDiffers = (y: number) => a.data.subarray(y * row, (y + 1) * row).some((v, i) => v !== b.data[y * row + i]);
    expect(rowDiffers(100)).toBe(false);
    expect(Array.from({ length: 60 }, (_, i) => 420 + i).some(rowDiffers)).toBe(true);
  });

  it('draws the theme colours without a cover, and the cover when there is one', async () => {
    const bare = await insertCard({ name: 'Plain Card' });
    const { text } = await page(`/p/${bare.username}`);
    const palette = (name: string) => {
      const hex = new RegExp(`data-${name}="#([0-9a-f]{6})"`).exec(text)![1]!;
      return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
    };
    const plain = await decodePng((await image(`/p/${bare.username}/og.png`)).bytes);
    const at = (x: number, y: number) => {
      const i = (y * 1200 + x) * plain.channels;
      return [...plain.data.subarray(i, i + 3)];
    };
    // The band at the top is the card's accent, the rest its background.
    expect(at(600, 20)).toEqual(palette('accent'));
    expect(at(1190, 620)).toEqual(palette('background'));

    const owner = await createCard({ name: 'Cover Owner', avatar: true, cover: true });
    const drawn = await decodePng((await image(`/p/${owner.username}/og.png`)).bytes);
    const top = [...drawn.data.subarray((20 * 1200 + 600) * drawn.channels, (20 * 1200 + 600) * drawn.channels + 3)];
    expect(top).not.toEqual(palette('accent'));
  });

  it('draws a name in a script the bundled Latin fonts lack without "no glyph" boxes', async () => {
    expect(drawable('李小龍 Bruce Lee')).toBe('Bruce Lee');
    expect(drawable('Zoë Ångström-Œuvre')).toBe('Zoë Ångström-Œuvre');
    const cjk = await insertCard({ name: '李小龍' });
    const res = await image(`/p/${cjk.username}/og.png`);
    expect(res.status).toBe(200);
    expect(ihdr(res.bytes)).toMatchObject({ width: 1200, height: 630 });
  });

  it('answers 304 to its own ETag, and is kept a year under the URL of its version', async () => {
    const bare = await insertCard({ name: 'Etag Card' });
    const first = await image(`/p/${bare.username}/og.png`);
    const etag = first.headers.get('ETag')!;
    expect(first.headers.get('Cache-Control')).toBe('public, no-cache');
    const version = etag.replaceAll('"', '');
    const versioned = await image(`/p/${bare.username}/og.png?v=${version}`);
    expect(versioned.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const revalidated = await image(`/p/${bare.username}/og.png`, { 'If-None-Match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.bytes.length).toBe(0);
  });

  it('is 404 for a card that does not exist and 403 for a private one, drawing nothing of it', async () => {
    expect((await image('/p/nobody_here_at_all/og.png')).status).toBe(404);
    expect((await image('/p/..%2F..%2Fetc/og.png')).status).toBe(404);
    const hidden = await insertCard({ name: 'Hidden Person', isActive: false });
    const res = await image(`/p/${hidden.username}/og.png`);
    expect(res.status).toBe(403);
    expect(res.headers.get('Content-Type')).not.toBe('image/png');
  });

  it('is named by og:image and twitter:image with its size and alt, under the version of the card', async () => {
    const bare = await insertCard({ name: 'Meta Person' });
    const { text } = await page(`/p/${bare.username}`);
    const og = /<meta property="og:image" content="([^"]+)"\/>/.exec(text)?.[1];
    expect(og).toMatch(new RegExp(`^${ORIGIN}/p/${bare.username}/og\\.png\\?v=[0-9a-f]{24}$`));
    expect(text).toContain('<meta property="og:image:width" content="1200"/>');
    expect(text).toContain('<meta property="og:image:height" content="630"/>');
    expect(text).toContain('<meta property="og:image:type" content="image/png"/>');
    const alt = `Meta Person (@${bare.username}) on Cardlink`;
    expect(text).toContain(`<meta property="og:image:alt" content="${alt}"/>`);
    expect(text).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(text).toContain(`<meta name="twitter:image" content="${og}"/>`);
    expect(text).toContain(`<meta name="twitter:image:alt" content="${alt}"/>`);
    // The URL in the page is the current version: kept a year.
    const res = await image(og!.slice(ORIGIN.length));
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
  });
});

describe('GET /p/{username}/og.png when the image cannot be drawn', { timeout: 60_000 }, () => {
  const FALLBACK = Uint8Array.from(atob(OG_FALLBACK_PNG), (ch) => ch.charCodeAt(0));
  const keyOf = async (username: string) => {
    const result = await getPublicCard(createDb(env.DB), ORIGIN, username);
    if (result.status !== 'public') throw new Error(`no public card ${username}`);
    return ogCacheKey(ORIGIN, username, await cardVersion(result.card));
  };

  it('answers the static 1200x630 image, briefly cached, when drawing fails; not a 5xx, and not tried again for that version', async () => {
    // The renderer reads the avatar from R2, which is down.
    const owner = await createCard({ name: 'Ada Lovelace', avatar: true });
    const path = `/p/${owner.username}/og.png`;
    const failed = await image(path, {}, { MEDIA: downR2() });
    expect(failed.status).toBe(200);
    expect(failed.headers.get('Content-Type')).toBe('image/png');
    expect(failed.headers.get('X-Card-Cache')).toBe('FALLBACK');
    expect(failed.headers.get('Cache-Control')).toBe('public, max-age=300');
    expect(ihdr(failed.bytes)).toEqual({ signature: true, type: 'IHDR', width: 1200, height: 630 });
    expect(sameBytes(failed.bytes, FALLBACK)).toBe(true);
    // A failing render is not started again on every request for the same version.
    const again = await image(path);
    expect(again.headers.get('X-Card-Cache')).toBe('FALLBACK');
    // A new version of the card (any change) is drawn again.
    expect((await rename(owner, 'Ada King')).status).toBe(200);
    const drawn = await image(path);
    expect(drawn.headers.get('X-Card-Cache')).toBe('MISS');
    expect(sameBytes(drawn.bytes, FALLBACK)).toBe(false);
  });

  it('answers it at once after a render that ran out of CPU time: begun, never finished, nothing stored', async () => {
    const owner = await createCard({ name: 'Grace Hopper' });
    const key = await keyOf(owner.username);
    // What a request cut off by the CPU limit leaves: its note that the render began, and no image.
    await noteRenderAttempt(key);
    const res = await image(`/p/${owner.username}/og.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Card-Cache')).toBe('FALLBACK');
    expect(sameBytes(res.bytes, FALLBACK)).toBe(true);
    expect(await cachedOgImage(key)).toBeNull();
    // Another card, with no such note, is drawn.
    const other = await createCard({ name: 'Grace Hopper' });
    expect((await image(`/p/${other.username}/og.png`)).headers.get('X-Card-Cache')).toBe('MISS');
  });
});
