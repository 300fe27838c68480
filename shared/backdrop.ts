// The card's text over a background image (docs/product.md §2, Background image): the image is
// drawn under a veil of the theme's background colour, as strong as the owner sets it, and made
// stronger where the text would not read at 4.5:1 on the image as drawn. Like the colours of
// shared/colour.ts, the card fixes rather than refuses: the text keeps the owner's colour and the
// veil grows just enough. The image is known by two tones measured where text can sit when it is
// uploaded (worker/services/media-tones.ts); an image that was not measured (an https URL, an
// upload of before the measurement) is taken as the worst there is: black and white both.
import { contrast, longHex, mix, MIN_CONTRAST } from './colour';

/**
 * Two tones of an image where the card's text can sit, as 0..255 grey levels of the luminance
 * (the sRGB grey of the same luminance): the 5th percentile (`dark`) and the 95th (`light`).
 */
export type ImageTones = { dark: number; light: number };

/** The owner's veil goes up to this share (percent): above it the photo is hardly seen. */
export const OVERLAY_MAX = 90;
/** What an image nobody measured may hold. */
export const UNMEASURED: ImageTones = { dark: 0, light: 255 };

const WHITE = '#ffffff';
const BLACK = '#000000';

const channels = (hex: string) => {
  const full = longHex(hex) ?? BLACK;
  return [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
};
const linear = (s: number) => (s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4);
const encoded = (l: number) => (l <= 0.0031308 ? l * 12.92 : 1.055 * l ** (1 / 2.4) - 0.055);

/** A `#rrggbb` colour's luminance as a 0..255 grey level. */
export function greyLevel(hex: string) {
  const [r, g, b] = channels(hex).map(linear) as [number, number, number];
  return encoded(0.2126 * r + 0.7152 * g + 0.0722 * b) * 255;
}

const greyHex = (level: number) => {
  const byte = Math.round(Math.max(0, Math.min(255, level)))
    .toString(16)
    .padStart(2, '0');
  return `#${byte}${byte}${byte}`;
};

/** The worst contrast of a colour on every grey between two (both ends included). */
function worstOn(colour: string, ends: [string, string]) {
  const level = greyLevel(colour);
  const [low, high] = ends.map(greyLevel) as [number, number];
  // A text colour inside the image's range meets a part of it as light as itself.
  if (level > low && level < high) return 1;
  return Math.min(contrast(colour, ends[0]), contrast(colour, ends[1]));
}

export type Backdrop = {
  /** The veil's colour: the background colour, or black or white when text cannot read on it. */
  veil: string;
  /** The veil drawn, 0..1: the owner's, or more where the text needed it. */
  share: number;
  /** The darkest and lightest relevant greys of the image as drawn under the veil. */
  ends: [string, string];
};

/**
 * The veil the card draws over its background image so `text` reads at 4.5:1 on the image as
 * drawn: the owner's `overlay` (percent) when it is enough, else the least share that is. The
 * tones and the veil are treated as the greys of their luminance (drawing is mixing per channel).
 */
export function backdropFor(text: string, background: string, tones: ImageTones | null, overlay: number): Backdrop {
  const image = tones ?? UNMEASURED;
  // The background colour is the veil when the text reads on it (the theme editor asks that of
  // every custom theme), so the full veil is always legible; else the end of black and white the
  // text is further from.
  const veil =
    contrast(text, background) >= MIN_CONTRAST
      ? (longHex(background) ?? BLACK)
      : contrast(text, WHITE) > contrast(text, BLACK)
        ? WHITE
        : BLACK;
  const veilLevel = greyLevel(veil);
  const endsAt = (share: number): [string, string] => [
    greyHex(image.dark + (veilLevel - image.dark) * share),
    greyHex(image.light + (veilLevel - image.light) * share),
  ];
  const owner = Math.max(0, Math.min(OVERLAY_MAX, Math.round(overlay))) / 100;
  for (let percent = Math.round(owner * 100); percent <= 100; percent++) {
    const share = percent / 100;
    const ends = endsAt(share);
    if (worstOn(text, ends) >= MIN_CONTRAST) return { veil, share, ends };
  }
  return { veil, share: 1, ends: [veil, veil] };
}

/** The first of the shades that reads on every part of the drawn image, else the fallback. */
const firstLegible = (shades: string[], ends: [string, string], fallback: string) =>
  shades.find((shade) => worstOn(shade, ends) >= MIN_CONTRAST) ?? fallback;

/**
 * The derived colours of shared/colour.ts's inkColours for text that sits on the image: the
 * accent as small text, and secondary text faded towards the veil only as far as it reads.
 */
export function inkOnImage(palette: { accent: string; text: string }, backdrop: Backdrop) {
  const towards = greyLevel(palette.text) > greyLevel(backdrop.veil) ? WHITE : BLACK;
  const accentShades = [palette.accent, ...Array.from({ length: 20 }, (_, step) => mix(palette.accent, towards, (step + 1) / 20))];
  const muted = [0.3, 0.25, 0.2, 0.15, 0.1, 0.05].map((share) => mix(palette.text, backdrop.veil, share));
  return {
    '--ai': firstLegible(accentShades, backdrop.ends, towards),
    '--mu': firstLegible(muted, backdrop.ends, palette.text),
  };
}

/**
 * The veil as the first layer of the page's background (`--vl`, shared/card/card-css.ts): a fixed
 * solid layer over the image, or nothing when the owner's image is drawn as it is.
 */
export function veilLayer(backdrop: Backdrop) {
  if (backdrop.share <= 0) return null;
  // Rounded up: the veil drawn is never lighter than the one judged.
  const alpha = Math.ceil(backdrop.share * 255)
    .toString(16)
    .padStart(2, '0');
  const colour = `${backdrop.veil}${alpha}`;
  return `linear-gradient(${colour},${colour}) fixed,`;
}
