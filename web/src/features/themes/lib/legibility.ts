import { contrast, legibleOn, longHex, MIN_CONTRAST } from '@shared/colour';
import { surfaces } from '@shared/look-layers';
import { DEFAULT_GRADIENT_DIRECTION, oneOf, PATTERNS } from '@shared/looks';
import type { CustomTheme } from '@shared/types';
import { directionOf } from '@shared/i18n/languages';
import { appLanguage, intlLocale, words } from '@/lib/i18n';

const t = words('looks');

export type Legibility = { ratio: number; suggestion: string };

/**
 * A contrast ratio's first term as the language writes numbers ('1.1', '1,1'), cut (not rounded)
 * so 4.46 never reads as 4.5.
 */
const ratioNumber = (ratio: number) =>
  new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: 1 }).format(Math.floor(ratio * 10) / 10);

/**
 * Whether a custom theme's text can be read on its background (WCAG AA, 4.5:1): null when it can,
 * else the ratio and the nearest shade of the text colour that reads (before this check, #F3E8DC
 * on #FFF7ED, 1.1:1, was saved without a word). With a gradient or a pattern the text is measured
 * against every colour it is drawn on (the gradient's, and each under the pattern's ink), the
 * worst of them (shared/looks.ts).
 */
export function illegibleText(theme: CustomTheme): Legibility | null {
  const text = longHex(theme.text_color);
  const background = longHex(theme.background_color);
  if (!text || !background) return null;
  const second = theme.gradient_color ? longHex(theme.gradient_color) : null;
  const gradient = second
    ? { colour: second, direction: theme.gradient_direction ?? DEFAULT_GRADIENT_DIRECTION }
    : null;
  const samples = surfaces(text, background, gradient, oneOf(PATTERNS, theme.pattern, 'none'));
  const ratio = Math.min(...samples.map((sample) => contrast(text, sample)));
  return ratio >= MIN_CONTRAST ? null : { ratio, suggestion: legibleOn(text, background, samples) };
}

/** 'Text on this background reads at 1.1:1; it needs at least 4.5:1 to be read.' */
export const illegibleMessage = ({ ratio }: Legibility) =>
  t('looks.contrast', { ratio: ratioNumber(ratio), minimum: ratioNumber(MIN_CONTRAST) });

/**
 * A colour or host inside a translated sentence, isolated left to right (U+2066…U+2069) in a
 * right-to-left language, so '#' stays before its digits ('استخدم #1E293B', not '1E293B# استخدم').
 */
export const ltr = (text: string) => (directionOf(appLanguage()) === 'rtl' ? `\u2066${text}\u2069` : text);
