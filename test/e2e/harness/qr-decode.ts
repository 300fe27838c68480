// Reads the QR code of a saved PNG, the way a phone camera reads a printed one.
import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The picture shrunk by `factor` (box average, grey): what a camera a little away would see. */
function shrink(png: PNG, factor: number) {
  const width = Math.floor(png.width / factor);
  const height = Math.floor(png.height / factor);
  const grey = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) {
        for (let dx = 0; dx < factor; dx++) {
          const i = ((y * factor + dy) * png.width + x * factor + dx) * 4;
          sum += 0.299 * png.data[i]! + 0.587 * png.data[i + 1]! + 0.114 * png.data[i + 2]!;
        }
      }
      const o = (y * width + x) * 4;
      grey[o] = grey[o + 1] = grey[o + 2] = sum / (factor * factor);
      grey[o + 3] = 255;
    }
  }
  return { width, height, grey };
}

/**
 * The size of a PNG file and the text of its QR code (null when none reads). jsQR wants solid
 * modules and the card's code is drawn in dots, which it reads once they blur together. Every
 * factor up to 32 is tried: which ones work depends on how the modules fall on the pixel grid,
 * so a short fixed list misses some codes.
 */
export function decodeQrPng(file: string) {
  const png = PNG.sync.read(readFileSync(file));
  for (let factor = 1; factor <= 32; factor++) {
    const { width, height, grey } = shrink(png, factor);
    const text = jsQR(grey, width, height, { inversionAttempts: 'dontInvert' })?.data;
    if (text) return { width: png.width, height: png.height, text };
  }
  return { width: png.width, height: png.height, text: null };
}
