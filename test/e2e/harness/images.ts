// Real image files for the upload journeys, made on the fly (no binary fixtures in the repository).
import { PNG } from 'pngjs';
import sharp from 'sharp';

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

/** A word mark as logos are sent: a red ring and 'ACME' in navy on a transparent ground. */
export const logoPng = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="300">
        <circle cx="150" cy="150" r="110" fill="#e11d48"/><circle cx="150" cy="150" r="55" fill="none"/>
        <text x="300" y="200" font-family="sans-serif" font-weight="800" font-size="150" fill="#1e3a8a">ACME</text></svg>`,
    ),
  )
    .png()
    .toBuffer();
