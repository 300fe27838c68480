// How a public card looks (docs/product.md §2): colours, font, background and layout, resolved
// once for the edge-rendered page and the dashboard's preview.
import type { ImageTones } from './backdrop';
import { inkColours } from './colour';
import { FONT_FAMILIES, PUBLIC_FALLBACK_ACCENT, PUBLIC_FALLBACK_BACKGROUND } from './constants';
import { COLOUR_PATTERN } from './constants';
import { backgroundVars, surfaces } from './look-layers';
import {
  BUTTON_SHAPES,
  BUTTON_STYLES,
  DEFAULT_BUTTON_SHAPE,
  DEFAULT_BUTTON_STYLE,
  DEFAULT_GRADIENT_DIRECTION,
  GRADIENT_DIRECTIONS,
  oneOf,
  PATTERNS,
  type ButtonShape,
  type ButtonStyle,
  type Gradient,
  type Pattern,
} from './looks';
import type { PublicProfile } from './types';

type LookSource = Pick<PublicProfile, 'custom_theme' | 'theme' | 'template'> &
  Partial<Pick<PublicProfile, 'background_tones'>>;

export type CardLook = {
  accent: string;
  background: string;
  text: string;
  /** A CSS font stack: the theme's family first, then fonts every device already has. */
  font: string;
  backgroundImage: string | null;
  /** The owner's veil over the background image, in percent (0: the image as it is). */
  overlay: number;
  /** The uploaded background's measured tones; null for an image nobody measured. */
  imageTones: ImageTones | null;
  twoColumn: boolean;
  showAvatar: boolean;
  avatarPosition: 'center' | 'left' | 'right';
  buttonStyle: ButtonStyle;
  buttonShape: ButtonShape;
  /** From the background colour to a second one; null for a plain background. */
  gradient: Gradient | null;
  pattern: Pattern;
};

const DEFAULT_TEXT = '#111827';
const SANS = 'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif';
const SERIF = 'Georgia,Cambria,"Times New Roman",Times,serif';

// Values reach CSS, so they are re-checked here even though the API validated them: a row
// written some other way must not be able to break out of a declaration.
const colour = (...candidates: (string | null | undefined)[]) =>
  candidates.find((value): value is string => typeof value === 'string' && COLOUR_PATTERN.test(value));

/**
 * The theme's font with a local fallback stack. The family itself is served by this product
 * (shared/fonts.ts) with `font-display: swap`: the card paints from its first round trip in the
 * fallback and switches to the theme's font when the file arrives.
 */
export function fontStack(family: string | null | undefined) {
  const known = FONT_FAMILIES.find((f) => f === family) ?? FONT_FAMILIES[0];
  const [name, generic] = known.split(',').map((part) => part.trim());
  return `"${name}",${generic === 'serif' ? SERIF : SANS}`;
}

/** An http(s) URL made safe inside `url("...")`, or null. */
export function cssImageUrl(value: string | null | undefined) {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.href.replace(/["'()\\\s<>]/g, (ch) => `%${ch.charCodeAt(0).toString(16).padStart(2, '0')}`);
  } catch {
    return null;
  }
}

/** Where a template puts the card's header: left, right, or (for anything else) the centre. */
export function avatarPositionOf(config: { avatarPosition?: string } | null | undefined): CardLook['avatarPosition'] {
  const position = config?.avatarPosition;
  return position === 'left' || position === 'right' ? position : 'center';
}

/** docs/product.md §2: custom theme over preset over the public page's fallbacks. */
export function cardLook(card: LookSource): CardLook {
  const custom = card.custom_theme;
  const theme = card.theme;
  const config = card.template?.config;
  const image = custom ? custom.background_image : theme?.background_image;
  return {
    accent: colour(custom?.accent_color, theme?.accent_color) ?? PUBLIC_FALLBACK_ACCENT,
    background: colour(custom?.background_color, theme?.background_color) ?? PUBLIC_FALLBACK_BACKGROUND,
    text: colour(custom?.text_color, theme?.text_color) ?? DEFAULT_TEXT,
    font: fontStack(custom ? custom.font_family : theme?.font_family),
    backgroundImage: cssImageUrl(image),
    // Re-checked like the colours: anything but a number is no veil (backdropFor keeps it in 0..90).
    overlay: Number(custom?.background_overlay) || 0,
    // The upload's tones: a custom theme's background is the upload whenever there is one; a
    // preset's image was never measured.
    imageTones: custom ? (card.background_tones ?? null) : null,
    // docs/product.md §2: single column only when the template says so, otherwise the 4/8 grid.
    twoColumn: config?.layout !== 'single-column',
    showAvatar: config?.showAvatar !== false,
    avatarPosition: avatarPositionOf(config),
    ...buttonsAndBackground(custom ?? theme),
  };
}

type LookFields = Partial<Record<'button_style' | 'button_shape' | 'gradient_direction' | 'pattern', string>> & {
  gradient_color?: string | null;
};

/** docs/product.md §2: the theme's buttons, gradient and pattern; each one left out is the look of before. */
function buttonsAndBackground(source: LookFields | null | undefined) {
  const gradientColour = colour(source?.gradient_color);
  return {
    buttonStyle: oneOf(BUTTON_STYLES, source?.button_style, DEFAULT_BUTTON_STYLE),
    buttonShape: oneOf(BUTTON_SHAPES, source?.button_shape, DEFAULT_BUTTON_SHAPE),
    gradient: gradientColour
      ? {
          colour: gradientColour,
          direction: oneOf(GRADIENT_DIRECTIONS, source?.gradient_direction, DEFAULT_GRADIENT_DIRECTION),
        }
      : null,
    pattern: oneOf(PATTERNS, source?.pattern, 'none'),
  };
}

export type PageColours = Pick<CardLook, 'accent' | 'background' | 'text' | 'font'> &
  Partial<Pick<CardLook, 'backgroundImage' | 'overlay' | 'imageTones' | 'gradient' | 'pattern'>>;

/**
 * A palette as the card's custom properties (their names are read by card/card-css.ts). The
 * derived inks read on every colour the text is drawn on: the gradient's and the pattern's too.
 * Over a background image the text is judged against the image as drawn: `overImage` (imageVars
 * of shared/backdrop.ts) adds the veil `--vl` and the colours derived on it. The edge passes it
 * at once; the dashboard's preview once that module has loaded, so screens without a background
 * image do not carry it.
 */
export function paletteVars(
  c: PageColours,
  overImage?: (c: PageColours) => Record<string, string>,
): Record<string, string> {
  const background = {
    background: c.background,
    text: c.text,
    gradient: c.gradient ?? null,
    pattern: c.pattern ?? 'none',
  };
  const [, ...also] = surfaces(c.text, c.background, background.gradient, background.pattern);
  return {
    '--a': c.accent,
    '--bg': c.background,
    '--fg': c.text,
    '--f': c.font,
    ...inkColours(c, also),
    ...(c.backgroundImage ? { '--img': `url("${c.backgroundImage}")`, ...overImage?.(c) } : {}),
    ...backgroundVars(background),
  };
}
