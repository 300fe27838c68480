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
