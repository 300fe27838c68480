// The card's text over a background image (docs/product.md §2, Background image): the image is
// drawn under a veil of the theme's background colour, as strong as the owner sets it, and made
// stronger where the text would not read at 4.5:1 on the image as drawn. Like the colours of
// shared/colour.ts, the card fixes rather than refuses: the text keeps the owner's colour and the
// veil grows just enough. The image is known by two tones measured where text can sit when it is
// uploaded (worker/services/media-tones.ts); an image that was not measured (an https URL, an
// upload of before the measurement) is taken as the worst there is: black and white both
// (docs/decisions/0093).
import { contrast, longHex, luminance, mix, MIN_CONTRAST } from './colour';
import { OVERLAY_MAX } from './constants';

/**
 * Two tones of an image where the card's text can sit, as 0..255 grey levels of the luminance
 * (the sRGB grey of the same luminance): the 5th percentile (`dark`) and the 95th (`light`).
 */
export type ImageTones = { dark: number; light: number };

const WHITE = '#ffffff';
const BLACK = '#000000';

/** A grey level (0..255) as luminance, and back. */
const lumOf = (level: number) => {
  const s = level / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
/** A colour's luminance as a 0..255 grey level. */
export const greyLevel = (hex: string) => {
  const l = luminance(hex);
  return (l <= 0.0031308 ? l * 12.92 : 1.055 * l ** (1 / 2.4) - 0.055) * 255;
};

/** The worst contrast of a colour on every luminance from `low` to `high` (inside the range, its own: 1). */
const worstOn = (colour: string, [low, high]: [number, number]) => {
  const l = luminance(colour);
  return l >= high ? (l + 0.05) / (high + 0.05) : l <= low ? (low + 0.05) / (l + 0.05) : 1;
};

export type Backdrop = {
  /** The veil's colour: the background colour, or black or white when text cannot read on it. */
  veil: string;
  /** The veil drawn, 0..1: the owner's, or more where the text needed it. */
  share: number;
  /** The luminances of the image's dark and light tones as drawn under the veil. */
  ends: [number, number];
};

/**
 * The veil the card draws over its background image so `text` reads at 4.5:1 on the image as
 * drawn: the owner's `overlay` (percent) when it is enough, else the least whole percent that is.
 * The tones and the veil are treated as the greys of their luminance (drawing mixes per channel).
 */
export function backdropFor(text: string, background: string, tones: ImageTones | null, overlay: number): Backdrop {
  const { dark, light } = tones ?? { dark: 0, light: 255 };
  // The background colour when the text reads on it (the theme editor asks that of every custom
  // theme), so the whole veil is legible; else whichever of black and white the text is further from.
  const veil =
    contrast(text, background) >= MIN_CONTRAST
      ? (longHex(background) ?? BLACK)
      : contrast(text, WHITE) > contrast(text, BLACK)
        ? WHITE
        : BLACK;
  const v = greyLevel(veil);
  let percent = Math.round(Math.max(0, Math.min(OVERLAY_MAX, overlay)));
  for (; ; percent++) {
    const share = percent / 100;
    const ends: [number, number] = [lumOf(dark + (v - dark) * share), lumOf(light + (v - light) * share)];
    if (percent >= 100 || worstOn(text, ends) >= MIN_CONTRAST) return { veil, share, ends };
  }
}

/**
 * shared/colour.ts's derived colours for text on the image: the accent as small text, and
 * secondary text faded towards the veil only as far as it reads on every part of the image.
 */
export function inkOnImage(palette: { accent: string; text: string }, { veil, ends }: Backdrop) {
  const legible = (shades: string[], fallback: string) =>
    shades.find((shade) => worstOn(shade, ends) >= MIN_CONTRAST) ?? fallback;
  const towards = luminance(palette.text) > luminance(veil) ? WHITE : BLACK;
  const steps = Array.from({ length: 21 }, (_, step) => step / 20);
  return {
    '--ai': legible(
      steps.map((share) => mix(palette.accent, towards, share)),
      towards,
    ),
    '--mu': legible(
      [0.3, 0.25, 0.2, 0.15, 0.1, 0.05].map((share) => mix(palette.text, veil, share)),
      palette.text,
    ),
  };
}

/**
 * The veil as the first layer of the page's background (`--vl`, shared/card/card-css.ts): a fixed
 * solid layer over the image, or nothing when the image is drawn as it is.
 */
export function veilLayer({ veil, share }: Backdrop) {
  // Rounded up: the veil drawn is never lighter than the one judged.
  const colour =
    veil +
    Math.ceil(share * 255)
      .toString(16)
      .padStart(2, '0');
  return share > 0 ? `linear-gradient(${colour},${colour}) fixed,` : null;
}

/**
 * The custom properties of a card drawn over a background image (`paletteVars`' `overImage`, in
 * shared/card-look.ts): the veil, and the accent and secondary text judged on the image as drawn.
 */
export function imageVars(c: {
  accent: string;
  background: string;
  text: string;
  overlay?: number;
  imageTones?: ImageTones | null;
}): Record<string, string> {
  const backdrop = backdropFor(c.text, c.background, c.imageTones ?? null, c.overlay ?? 0);
  const veil = veilLayer(backdrop);
  return { ...inkOnImage(c, backdrop), ...(veil ? { '--vl': veil } : {}) };
}
