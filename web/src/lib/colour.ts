import { DEFAULT_CUSTOM_THEME, FONT_FAMILIES } from '@shared/constants';
import { COLOUR_PATTERN } from '@shared/constants';
import { longHex } from '@shared/colour';
import type { CustomTheme, Theme } from '@shared/types';

/**
 * docs/product.md §5, colour input: #RGB or #RRGGBB is accepted; on blur, a value without '#' made
 * of 3 to 6 hex characters gets '#' prefixed; anything else reverts to the previous value. A
 * prefixed value must still be #RGB or #RRGGBB (what the server stores), else it reverts too.
 */
export function colourOnBlur(draft: string, previous: string): string {
  const value = draft.trim();
  if (COLOUR_PATTERN.test(value)) return value;
  if (/^[0-9a-f]{3,6}$/i.test(value) && COLOUR_PATTERN.test(`#${value}`)) return `#${value}`;
  return previous;
}

/** `<input type="color">` only takes #rrggbb. */
export const toPickerValue = (colour: string): string => longHex(colour) ?? '#000000';

const knownFont = (font: string) =>
  (FONT_FAMILIES as readonly string[]).includes(font) ? font : DEFAULT_CUSTOM_THEME.font_family;

/** The custom values a preset seeds (docs/product.md §4: turning custom on, 'Reset to Selected'). */
export function customFromPreset(theme: Theme | undefined): CustomTheme {
  if (!theme) return { ...DEFAULT_CUSTOM_THEME, background_image: null };
  return {
    background_color: theme.background_color,
    text_color: theme.text_color,
    accent_color: theme.accent_color,
    font_family: knownFont(theme.font_family),
    background_image: theme.background_image ?? null,
    // The preset's buttons, gradient and pattern, only those it sets (docs/product.md §2).
    ...(theme.button_style ? { button_style: theme.button_style } : {}),
    ...(theme.button_shape ? { button_shape: theme.button_shape } : {}),
    ...(theme.gradient_color ? { gradient_color: theme.gradient_color } : {}),
    ...(theme.gradient_direction ? { gradient_direction: theme.gradient_direction } : {}),
    ...(theme.pattern ? { pattern: theme.pattern } : {}),
  };
}

/** The font's display name: 'DM Sans, sans-serif' is shown as 'DM Sans'. */
export const fontName = (font: string) => font.split(',')[0]?.trim() || font;
