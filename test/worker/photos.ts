import { inject } from 'vitest';

// The pictures test/worker/global-setup.ts makes in Node, fetched once per workerd process from
// the server it starts: the shared project's files run one after another in one process
// (vitest.config.ts), which keeps them in its global scope; a whole-store file's process fetches
// its own.

export const PHOTO_NAMES = ['cover', 'avatar', 'bright', 'dark', 'smallJpeg', 'smallGif', 'animatedGif'] as const;
export type PhotoName = (typeof PHOTO_NAMES)[number];

const runtime = globalThis as { cardlinkPhotos?: Record<PhotoName, Uint8Array> };

/** Fetches the pictures unless this process has them (test/worker/setup.ts, before each file). */
export async function loadPhotos() {
  if (runtime.cardlinkPhotos) return;
  const origin = `http://127.0.0.1:${inject('photosPort')}`;
  const entries = await Promise.all(
    PHOTO_NAMES.map(async (name) => {
      const res = await fetch(`${origin}/photo/${name}`);
      if (!res.ok) throw new Error(`the photo ${name} could not be fetched: ${res.status}`);
      return [name, new Uint8Array(await res.arrayBuffer())] as const;
    }),
  );
  runtime.cardlinkPhotos = Object.fromEntries(entries) as Record<PhotoName, Uint8Array>;
}

/** A copy of the picture, so a test that changes its bytes changes no other test's. */
export function photo(name: PhotoName) {
  const photos = runtime.cardlinkPhotos;
  if (!photos) throw new Error('the photos are not loaded: test/worker/setup.ts loads them before each file');
  return photos[name].slice();
}
