import { env } from 'cloudflare:test';
import { expect, inject } from 'vitest';
import { IMAGE_MAX_BYTES } from '@shared/constants';
import { derivativeNames } from '@shared/media';
import type { MediaKind } from '@shared/media';
import { encodePng } from '../../worker/lib/png';
import { mediaOwner, userMediaPrefixes } from '../../worker/services/media';
import { api } from './helpers';

// Real images: the Worker decodes every upload with the Images binding, so a file that only
// starts like an image is refused. Each call answers different bytes (a different content hash).

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The camera photos of test/fixtures/camera-photos.ts (GPS Exif, orientation 6). */
export const phonePhotos = () => {
  const photos = inject('photos');
  return {
    cover: fromBase64(photos.cover),
    avatar: fromBase64(photos.avatar),
    bright: fromBase64(photos.bright),
    dark: fromBase64(photos.dark),
    animatedGif: fromBase64(photos.animatedGif),
  };
};

/** An 8x8 PNG whose pixels spell the nonce. */
function noncePng(nonce: string) {
  const data = new Uint8Array(8 * 8 * 3);
  const seed = ascii(nonce);
  for (let i = 0; i < data.length; i++) data[i] = (seed[i % seed.length]! * (i + 7)) & 0xff;
  return encodePng({ width: 8, height: 8, channels: 3, data });
}

/** A distinct valid image per call. */
export async function imageBytes(kind: 'png' | 'jpeg' | 'gif' | 'webp', nonce = crypto.randomUUID()) {
  const photos = inject('photos');
  switch (kind) {
    case 'png':
      return noncePng(nonce);
    case 'jpeg': {
      // A comment segment right after the start marker: a valid JPEG, other bytes.
      const jpeg = fromBase64(photos.smallJpeg);
      const text = ascii(nonce);
      const length = text.length + 2;
      return Uint8Array.from([
        ...jpeg.subarray(0, 2),
        0xff,
        0xfe,
        length >> 8,
        length & 0xff,
        ...text,
        ...jpeg.subarray(2),
      ]);
    }
    case 'gif': {
      // A comment extension before the trailer.
      const gif = fromBase64(photos.smallGif);
      const text = ascii(nonce);
      return Uint8Array.from([...gif.subarray(0, -1), 0x21, 0xfe, text.length, ...text, 0, 0x3b]);
    }
    case 'webp': {
      const result = await env.IMAGES.input(new Blob([await noncePng(nonce)]).stream())
        .transform({})
        .output({ format: 'image/webp' });
      return new Uint8Array(await new Response(result.image()).arrayBuffer());
    }
  }
}

export const file = (bytes: Uint8Array | string, name: string, type: string) => new File([bytes], name, { type });

export function form(fields: Record<string, string | File>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

/** POST or PUT a multipart form as the signed-in user. */
export const postForm = (path: string, token: string | undefined, fields: Record<string, string | File>) =>
  api(path, { method: 'POST', token, body: form(fields) });

/** A user's media folder inside `avatars/`, `covers/`, `backgrounds/` and `originals/`, as the Worker names it. */
export const ownerOf = mediaOwner;

export async function bucketKeys() {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const listed = await env.MEDIA.list({ cursor });
    keys.push(...listed.objects.map((object) => object.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  return keys.sort();
}

export const profileRow = (userId: string) =>
  env.DB.prepare('SELECT * FROM profiles WHERE user_id = ?').bind(userId).first<Record<string, unknown>>();

/** Every file of every set a card uses (every card of every account), and every original it keeps. */
async function expectedKeys() {
  const { results } = await env.DB.prepare(
    'SELECT avatar_key, cover_key, background_key, logo_key, avatar_original, cover_original, background_original, logo_original FROM cards',
  ).all<Record<string, string | null>>();
  const kinds = { avatar_key: 'avatar', cover_key: 'cover', background_key: 'background', logo_key: 'logo' } as const;
  const keys = results.flatMap((row) => [
    ...(Object.keys(kinds) as (keyof typeof kinds)[]).flatMap((column) => {
      const set = row[column];
      if (!set) return [];
      if (/\.[a-z]+$/.test(set)) return [set];
      return derivativeNames(kinds[column]).map(({ width, format }) => `${set}/${width}.${format}`);
    }),
    ...[row.avatar_original, row.cover_original, row.background_original, row.logo_original].filter(
      (key) => key != null,
    ),
  ]);
  return [...new Set(keys)].sort();
}

/** After any upload, replacement or removal the bucket holds exactly what the cards use. */
export async function bucketMatchesCards() {
  return { bucket: await bucketKeys(), cards: await expectedKeys() };
}

/** A real JPEG padded with comment segments to exactly `size` bytes. */
export async function jpegOfSize(size: number) {
  const jpeg = await imageBytes('jpeg');
  const parts: number[][] = [];
  let missing = size - jpeg.length;
  while (missing > 0) {
    // A segment is 4 bytes of marker and length plus at most 65533 bytes of body.
    const body = Math.min(65533, missing - 4);
    if (body < 0) throw new Error('cannot pad by fewer than 4 bytes');
    parts.push([0xff, 0xfe, (body + 2) >> 8, (body + 2) & 0xff]);
    parts.push(new Array<number>(body).fill(0x20));
    missing -= body + 4;
  }
  const out = new Uint8Array(size);
  out.set(jpeg.subarray(0, 2));
  let at = 2;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  out.set(jpeg.subarray(2), at);
  return out;
}

/** Every R2 key under the card's own prefixes (never the whole bucket: other files share it). */
export async function cardKeys(cardId: string) {
  const keys: string[] = [];
  for (const prefix of await userMediaPrefixes(cardId)) {
    keys.push(...(await env.MEDIA.list({ prefix })).objects.map((object) => object.key));
  }
  return keys.sort();
}

/** The files one derivative set of a kind holds. */
export const setFilesOf = (kind: MediaKind, set: string) =>
  derivativeNames(kind)
    .map(({ width, format }) => `${set}/${width}.${format}`)
    .sort();

/**
 * The refusals every image upload shares, each in the upload's own words: one byte over 5 MB
 * (422 on the field), far over it (413 before the body is read) and text under an image's name.
 */
export async function expectImageRefusals(
  path: string,
  token: string,
  field: string,
  words: { size: string; type: string },
) {
  const big = new Uint8Array(IMAGE_MAX_BYTES + 1);
  big.set(await imageBytes('jpeg'));
  const tooBig = await postForm(path, token, { [field]: file(big, 'big.jpg', 'image/jpeg') });
  expect(tooBig.status).toBe(422);
  expect(tooBig.body.errors).toEqual({ [field]: [`${words.size} must be less than 5MB`] });

  const huge = new Uint8Array(IMAGE_MAX_BYTES + 2 * 1024 * 1024);
  const far = await postForm(path, token, { [field]: file(huge, 'huge.png', 'image/png') });
  expect(far.status).toBe(413);
  expect(far.body).toEqual({ success: false, message: `${words.size} must be less than 5MB` });

  const text = await postForm(path, token, { [field]: file('just text', 'text.jpg', 'image/jpeg') });
  expect(text.status).toBe(422);
  expect(text.body.errors).toEqual({ [field]: [`${words.type} must be a JPG, PNG, GIF or WebP image`] });
}
