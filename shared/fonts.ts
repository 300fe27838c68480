// The theme fonts' files: each family of FONT_FAMILIES is served by this product at
// /fonts/{slug}-{weight}.woff2 (the Latin subset, copied from its @fontsource package at build
// time by vite.config.ts), never fetched from an outside font service.
import { FONT_FAMILIES } from './constants';

/** Regular text, and the bold of names and links (600 falls back to 700). */
export const FONT_WEIGHTS = [400, 700] as const;

type ThemeFont = { name: string; slug: string };

/** The family's name: the first entry of a FONT_FAMILIES value or of a CSS font stack, unquoted. */
const familyName = (family: string) => family.split(',')[0]!.replace(/["']/g, '').trim();

/** One entry per theme font: its CSS family name and file slug (the @fontsource package name). */
export const THEME_FONTS: ThemeFont[] = FONT_FAMILIES.map((family) => {
  const name = familyName(family);
  return { name, slug: name.toLowerCase().replace(/\s+/g, '-') };
});

export const fontFileUrl = (slug: string, weight: number) => `/fonts/${slug}-${weight}.woff2`;

/** `swap` shows the text in the fallback at once and the font when it arrives: no held paint. */
const fontFaces = (font: ThemeFont) =>
  FONT_WEIGHTS.map(
    (weight) =>
      `@font-face{font-family:"${font.name}";font-style:normal;font-weight:${weight};font-display:swap;` +
      `src:url(${fontFileUrl(font.slug, weight)}) format("woff2")}`,
  ).join('');

/** The @font-face rules of a FONT_FAMILIES value or a CSS font stack; none for another font. */
export function fontFaceCss(family: string) {
  const font = THEME_FONTS.find((entry) => entry.name === familyName(family));
  return font ? fontFaces(font) : '';
}

/** The rules for every theme font: a browser downloads only the files a page really uses. */
export const allFontFacesCss = () => THEME_FONTS.map(fontFaces).join('');
