import { env } from 'cloudflare:test';
import { mediaOwner } from '../../worker/services/media';
import { api } from './helpers';

// Real files' first bytes: the Worker decides the type by them, whatever the name says.
const PNG_1X1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (char) => char.charCodeAt(0),
);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** A distinct valid image per call (a trailing nonce changes the content hash). */
export function imageBytes(kind: 'png' | 'jpeg' | 'gif' | 'webp', nonce = crypto.randomUUID()) {
  const tail = ascii(nonce);
  switch (kind) {
    case 'png':
      return Uint8Array.from([...PNG_1X1, ...tail]);
    case 'jpeg':
      return Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...ascii('JFIF'), 0, ...tail, 0xff, 0xd9]);
    case 'gif':
      return Uint8Array.from([...ascii('GIF89a'), 1, 0, 1, 0, 0, 0, 0, ...tail, 0x3b]);
    case 'webp':
      return Uint8Array.from([...ascii('RIFF'), 30, 0, 0, 0, ...ascii('WEBPVP8 '), ...tail]);
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

/** A user's media folder inside `avatars/` and `covers/`, as the Worker names it. */
export const ownerOf = mediaOwner;

export async function bucketKeys() {
  const listed = await env.MEDIA.list();
  return listed.objects.map((object) => object.key).sort();
}

/** Every key some card uses: after any upload, replacement or removal the bucket holds exactly these. */
export async function referencedKeys() {
  const { results } = await env.DB.prepare('SELECT avatar_key, cover_key FROM profiles').all<{
    avatar_key: string | null;
    cover_key: string | null;
  }>();
  return [...new Set(results.flatMap((row) => [row.avatar_key, row.cover_key]).filter((key) => key !== null))].sort();
}

export const profileRow = (userId: string) =>
  env.DB.prepare('SELECT * FROM profiles WHERE user_id = ?').bind(userId).first<Record<string, unknown>>();
