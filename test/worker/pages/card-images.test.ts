// The card draws derivatives, never an upload: a picture per image with AVIF and WebP srcsets,
// its size, the cover first, and a blurred placeholder inline (README, Decisions: images).
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_SHAPES } from '@shared/media';
import { file, phonePhotos, postForm, profileRow } from '../images';
import { createCard, page, TEN_LINKS } from '../page-helpers';

type Card = Awaited<ReturnType<typeof createCard>>;

/** What a 390-pixel-wide phone at 3x draws each image at, in device pixels. */
const PHONE_3X = { cover: 390 * 3, avatar: IMAGE_SHAPES.avatar.drawn.width * 3 };

/** Every image URL the document names: src, srcset candidates, and any preload. */
function imageUrls(html: string) {
  const urls = [...html.matchAll(/\b(?:src|srcSet|srcset|href|imagesrcset)="([^"]+)"/g)].flatMap((m) =>
    m[1]!.split(/,\s*/).map((candidate) => candidate.trim().split(/\s+/)[0]!),
  );
  return urls.filter((url) => url.includes('/media/'));
}

describe('the card with phone photos', { timeout: 120_000 }, () => {
  let card: Card;
  let html: string;
  beforeAll(async () => {
    card = await createCard({ name: 'Ada Lovelace', links: TEN_LINKS });
    const photos = phonePhotos();
    await postForm('/v1/user/profile/avatar', card.token, { avatar: file(photos.avatar, 'a.jpg', 'image/jpeg') });
    await postForm('/v1/user/profile/cover-image', card.token, {
      cover_image: file(photos.cover, 'c.jpg', 'image/jpeg'),
    });
    html = (await page(`/p/${card.username}`)).text;
  }, 180_000);

  it('references no original upload, only derivatives no larger than twice their size on a 3x phone', async () => {
    const row = await profileRow(card.id);
    const urls = imageUrls(html);
    expect(urls.length).toBeGreaterThanOrEqual(14);
    expect(html).not.toContain('originals/');
    for (const url of urls) {
      const key = url.slice('https://card.test/media/'.length);
      expect(key.startsWith(`${row?.avatar_key}/`) || key.startsWith(`${row?.cover_key}/`), url).toBe(true);
      const kind = key.startsWith('covers/') ? 'cover' : 'avatar';
      const width = Number(/\/(\d+)\.\w+$/.exec(key)?.[1]);
      expect(width, url).toBeLessThanOrEqual(2 * PHONE_3X[kind]);
      // Each one exists: nothing the page names is missing from R2.
      expect(await env.MEDIA.head(key), url).not.toBeNull();
    }
  });

  it('offers AVIF then WebP with widths and sizes, the JPEG as fallback, each with width and height', () => {
    const cover = /<div class="cover"[^>]*><picture>(.*?)<\/picture>/.exec(html)?.[1] ?? '';
    expect(cover).toMatch(
      /^<source type="image\/avif" srcSet="[^"]+480\.avif 480w, [^"]+960\.avif 960w, [^"]+1920\.avif 1920w" sizes="\(min-width: 960px\) 960px, 100vw"\/><source type="image\/webp" srcSet="[^"]+480\.webp 480w, [^"]+960\.webp 960w, [^"]+1920\.webp 1920w"/,
    );
    expect(cover).toMatch(/<img src="[^"]+\/960\.jpg" width="960" height="320" alt="" fetchPriority="high"\/>$/);
    const avatar = /<div class="av"[^>]*>.*?<picture>(.*?)<\/picture>/.exec(html)?.[1] ?? '';
    expect(avatar).toMatch(
      /<source type="image\/avif" srcSet="[^"]+96\.avif 96w, [^"]+192\.avif 192w, [^"]+384\.avif 384w" sizes="96px"\/>/,
    );
    expect(avatar).toMatch(/<img src="[^"]+\/384\.jpg" width="96" height="96" alt="" decoding="async"\/>$/);
  });

  it('fetches the cover first and preloads no image behind the browser’s back', () => {
    expect(html.match(/fetchPriority="high"/g)).toHaveLength(1);
    expect(html).not.toMatch(/<link[^>]+rel="preload"[^>]+as="image"/);
  });

  it('fills the cover with an inline blurred placeholder of a few hundred bytes, inside the HTML budget', async () => {
    const style = /<div class="cover" style="background-image:url\((data:image\/webp;base64,[^)]+)\)"/.exec(html)?.[1];
    expect(style).toBeDefined();
    expect(style!.length).toBeLessThan(600);
    const gzip = (
      await new Response(new Blob([html]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer()
    ).byteLength;
    expect(gzip).toBeLessThanOrEqual(14 * 1024);
  });

  it('without a cover, fetches the avatar first', async () => {
    const bare = await createCard({ name: 'Grace Hopper' });
    await postForm('/v1/user/profile/avatar', bare.token, {
      avatar: file(phonePhotos().avatar, 'a.jpg', 'image/jpeg'),
    });
    const text = (await page(`/p/${bare.username}`)).text;
    expect(text).not.toContain('class="cover"');
    expect(text).toMatch(/<img src="[^"]+\/384\.jpg" width="96" height="96" alt="" fetchPriority="high"\/>/);
  });
});
