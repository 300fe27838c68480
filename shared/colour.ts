// Legible colours for a card's own palette (WCAG 2 contrast). A theme's accent is a fill colour
// first; where it is used for small text, or where text sits on it, the card derives a variant
// that reads at 4.5:1 instead of trusting every palette (or a user's custom one) to do so.

type Rgb = [number, number, number];

const DARK_INK = '#111827';
const WHITE = '#ffffff';
const BLACK = '#000000';
/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;

/** `#RGB` or `#RRGGBB` as lower-case `#rrggbb`; null for anything else. */
export function longHex(colour: string): string | null {
  if (/^#[0-9a-f]{6}$/i.test(colour)) return colour.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(colour)) return `#${[...colour.slice(1)].map((d) => d + d).join('')}`.toLowerCase();
  return null;
}

/** A colour validated upstream (`#RGB` or `#RRGGBB`) as 0-255 channels. */
function rgb(hex: string): Rgb {
  const full = longHex(hex) ?? BLACK;
  return [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (channels: Rgb) => `#${channels.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** A colour's relative luminance (WCAG 2), 0 for black to 1 for white. */
export function luminance(hex: string) {
  const [r, g, b] = rgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `a` moved `share` (0..1) of the way towards `b`. */
export function mix(a: string, b: string, share: number) {
  const [from, to] = [rgb(a), rgb(b)];
  return toHex(from.map((c, i) => c + (to[i]! - c) * share) as Rgb);
}

/** White on the colour when it reads at 4.5:1, else whichever of white and near-black reads better. */
export function inkOn(fill: string) {
  const white = contrast(WHITE, fill);
  return white >= MIN_CONTRAST || white >= contrast(DARK_INK, fill) ? WHITE : DARK_INK;
}

/**
 * The first of the shades that reads on the background and on every other colour the text may
 * sit on (a gradient's, a pattern's: shared/looks.ts), else the fallback.
 */
const firstLegible = (shades: string[], backgrounds: string[], fallback: string) =>
  shades.find((shade) => backgrounds.every((background) => contrast(shade, background) >= MIN_CONTRAST)) ?? fallback;

/** The colour itself when it reads on the background, else the nearest shade of it that does. */
export function legibleOn(colour: string, background: string, also: string[] = []) {
  const towards = contrast(WHITE, background) > contrast(BLACK, background) ? WHITE : BLACK;
  const shades = [colour, ...Array.from({ length: 19 }, (_, step) => mix(colour, towards, (step + 1) / 20))];
  return firstLegible(shades, [background, ...also], towards);
}

/** Secondary text: the text colour faded towards the background only as far as it stays legible. */
export function mutedOn(text: string, background: string, also: string[] = []) {
  const shades = [0.3, 0.25, 0.2, 0.15, 0.1, 0.05].map((share) => mix(text, background, share));
  return firstLegible(shades, [background, ...also], text);
}

/**
 * The derived colours every card page sets beside its palette, as CSS custom properties; `also`
 * names the other colours its text is drawn on (a gradient's, a pattern's).
 */
export function inkColours(palette: { accent: string; background: string; text: string }, also: string[] = []) {
  return {
    '--ai': legibleOn(palette.accent, palette.background, also),
    '--oa': inkOn(palette.accent),
    '--mu': mutedOn(palette.text, palette.background, also),
  };
}
