import type { ImageTones } from '@shared/backdrop';
import type { Bitmap } from '../lib/png';

// How light and dark a theme background is where the card's text can sit (docs/product.md §2,
// Background image). The page covers the viewport with the square image, fixed: a phone (390 by
// 844) shows its middle 46 % of width and all of its height, a wide screen its whole width and
// middle height, with the card's text in a column at most 960 of 1440 px wide. Text scrolls over
// all of that, so the region is the middle two thirds of the width, top to bottom.
const REGION = { left: 1 / 6, right: 5 / 6 };
/** The sample's side: a cell is about a line of text tall on a phone (844 / 96 = 9 px). */
export const TONE_SAMPLE = 96;

const linear = (byte: number) => {
  const s = byte / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const encoded = (l: number) => (l <= 0.0031308 ? l * 12.92 : 1.055 * l ** (1 / 2.4) - 0.055);

/**
 * The 5th and 95th percentiles of the luminance over the region (as 0..255 greys), not the mean:
 * a photo half sky and half shadow has a mean no text reads against. The few brightest and
 * darkest cells are left out, as a glint under one letter would otherwise veil the whole photo.
 */
export function tonesOf(image: Bitmap): ImageTones {
  const levels: number[] = [];
  const from = Math.floor(image.width * REGION.left);
  const to = Math.ceil(image.width * REGION.right);
  for (let y = 0; y < image.height; y++) {
    for (let x = from; x < to; x++) {
      const i = (y * image.width + x) * image.channels;
      const [r, g, b] =
        image.channels >= 3
          ? [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!]
          : [image.data[i]!, image.data[i]!, image.data[i]!];
      levels.push(encoded(0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)) * 255);
    }
  }
  levels.sort((a, b) => a - b);
  const at = (share: number) => Math.round(levels[Math.min(levels.length - 1, Math.floor(share * levels.length))] ?? 0);
  return { dark: at(0.05), light: at(0.95) };
}
