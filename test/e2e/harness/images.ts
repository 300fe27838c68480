// Real image files for the upload journeys, made on the fly (no binary fixtures in the repository).
import { PNG } from 'pngjs';

/** A PNG of coloured noise: noise does not compress, so the upload takes long enough to watch. */
export function noisePng(width: number, height: number, seed = 1): Buffer {
  const png = new PNG({ width, height });
  let state = seed;
  for (let i = 0; i < png.data.length; i += 4) {
    // xorshift: cheap, deterministic pseudo-random bytes.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    png.data[i] = state & 0xff;
    png.data[i + 1] = (state >>> 8) & 0xff;
    png.data[i + 2] = (state >>> 16) & 0xff;
    png.data[i + 3] = 0xff;
  }
  return PNG.sync.write(png);
}
