import { MEDIA_KEY_PATTERN } from '../lib/media-url';
import type { VCardPhoto } from '../lib/vcard';

// Reading back an image this Worker serves, by its public URL, for a file that embeds it.

/** The avatar's bytes from R2, base64-encoded for PHOTO; null without one (or when it is gone). */
export async function avatarPhoto(bucket: R2Bucket, avatarUrl: string | null): Promise<VCardPhoto | null> {
  if (!avatarUrl) return null;
  const key = new URL(avatarUrl).pathname.replace(/^\/media\//, '');
  if (!MEDIA_KEY_PATTERN.test(key)) return null;
  const object = await bucket.get(key);
  if (!object) return null;
  const bytes = new Uint8Array(await object.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { type: object.httpMetadata?.contentType ?? 'image/jpeg', base64: btoa(binary) };
}
