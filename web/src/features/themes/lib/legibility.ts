import { contrast, legibleOn, longHex, MIN_CONTRAST } from '@shared/colour';
import type { CustomTheme } from '@shared/types';

export type Legibility = { ratio: number; suggestion: string };

/** '1.1:1': a contrast ratio as WCAG writes it, cut (not rounded) so 4.46 never reads as 4.5. */
export const ratioText = (ratio: number) => `${Math.floor(ratio * 10) / 10}:1`;

/**
 * Whether a custom theme's text can be read on its background (WCAG AA, 4.5:1): null when it can,
 * else the ratio and the nearest shade of the text colour that reads (issue 23: #F3E8DC on
 * #FFF7ED, 1.1:1, was saved without a word).
 */
export function illegibleText(theme: CustomTheme): Legibility | null {
  const text = longHex(theme.text_color);
  const background = longHex(theme.background_color);
  if (!text || !background) return null;
  const ratio = contrast(text, background);
  return ratio >= MIN_CONTRAST ? null : { ratio, suggestion: legibleOn(text, background) };
}

export const illegibleMessage = ({ ratio }: Legibility) =>
  `Text on this background reads at ${ratioText(ratio)}; it needs at least ${MIN_CONTRAST}:1 to be read.`;
