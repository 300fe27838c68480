import { directionOf, type Language } from '../shared/i18n/languages';

/**
 * Where a page prerendered in a language other than English lives in the client build
 * (i18n/<language>/...); the Worker picks it for the visitor (worker/routes/page-language.ts).
 */
export const languageDir = (language: Language) => (language === 'en' ? '' : `i18n/${language}/`);

/** The template's `<html lang="en">` for a language, marked so the app speaks what the page does. */
export function htmlFor(template: string, language: Language): string {
  const tag = `<html lang="${language}" dir="${directionOf(language)}" data-language="${language}">`;
  if (!template.includes('<html lang="en">')) throw new Error('the page template has no <html lang="en">');
  return template.replace('<html lang="en">', tag);
}

/** What a page's head says about it (the tab, search results, link previews), in one language. */
export type PageHead = { title: string; description: string; ogDescription: string };

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The template's English <title>, description and Open Graph texts in the page's language, from
 * the catalogue (English byte for byte, so the English page keeps the template's words).
 */
export function headFor(page: string, head: PageHead): string {
  const swaps: [RegExp, string][] = [
    [/(<title>)[^<]*(<\/title>)/, head.title],
    [/(<meta\s+name="description"\s+content=")[^"]*(")/, head.description],
    [/(<meta\s+property="og:title"\s+content=")[^"]*(")/, head.title],
    [/(<meta\s+property="og:description"\s+content=")[^"]*(")/, head.ogDescription],
  ];
  return swaps.reduce((html, [pattern, text]) => {
    if (!pattern.test(html)) throw new Error(`the page template has no ${pattern.source}`);
    // A function, so a '$' in a translation is never read as a replacement pattern.
    return html.replace(pattern, (_, open: string, close: string) => `${open}${escapeHtml(text)}${close}`);
  }, page);
}
