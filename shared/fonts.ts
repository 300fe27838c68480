// The theme fonts' files: each family of FONT_FAMILIES is served by this product at
// /fonts/{slug}-{weight}.woff2 (the Latin subset, copied from its @fontsource package at build
// time by vite.config.ts), never fetched from an outside font service.
import { FONT_FAMILIES } from './constants';

/** Regular text, and the bold of names and links (600 falls back to 700). */
export const FONT_WEIGHTS = [400, 700] as const;

const slugOf = (family: string) => family.split(',')[0]!.trim().toLowerCase().replace(/\s+/g, '-');

/** One entry per theme font: its CSS family name and file slug (the @fontsource package name). */
export const THEME_FONTS = FONT_FAMILIES.map((family) => ({
  name: family.split(',')[0]!.trim(),
  slug: slugOf(family),
}));

export const fontFileUrl = (slug: string, weight: number) => `/fonts/${slug}-${weight}.woff2`;

/**
 * The @font-face rules for one family, named as in FONT_FAMILIES or as the first entry of a CSS
 * font stack (quoted or not); none for an unknown one. `swap` shows the text in
 * the fallback at once and the theme's font when it arrives: it never holds the paint back.
 */
export function fontFaceCss(family: string) {
  const wanted = family.split(',')[0]?.replace(/["']/g, '').trim();
  const font = THEME_FONTS.find((entry) => entry.name === wanted);
  if (!font) return '';
  return FONT_WEIGHTS.map(
    (weight) =>
      `@font-face{font-family:"${font.name}";font-style:normal;font-weight:${weight};font-display:swap;` +
      `src:url(${fontFileUrl(font.slug, weight)}) format("woff2")}`,
  ).join('');
}

/** The rules for every theme font: a browser downloads only the files a page really uses. */
export const allFontFacesCss = () => THEME_FONTS.map((font) => fontFaceCss(font.name)).join('');
