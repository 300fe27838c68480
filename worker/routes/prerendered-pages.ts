import { Hono, type Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, type Language } from '@shared/i18n/languages';
import type { AppEnv } from '../env';
import { browserLanguage } from '../lib/i18n';

/**
 * The pages rendered at build time (README, Decisions: the landing page, the sign-in screens): the
 * landing page and the three sign-in screens a visitor meets first, each in six languages
 * (build/prerender-*.ts, decision 78). The assets layer alone would answer with one of them, or / with
 * the app's empty index.html, so these paths reach the Worker first (wrangler.toml,
 * run_worker_first = true), which picks the visitor's language.
 */
const PAGES: Record<string, string> = {
  '/': 'landing',
  '/auth/login': 'auth/login',
  '/auth/register': 'auth/register',
  '/auth/forgot-password': 'auth/forgot-password',
};

type C = Context<AppEnv>;

/** Where the assets layer serves a page in a language (its HTML handling drops `.html`). */
const assetPath = (page: string, language: Language) => (language === 'en' ? `/${page}` : `/i18n/${language}/${page}`);

async function servePage(c: C, page: string) {
  if (!c.env.ASSETS) return c.notFound();
  // ?lang=xx is the footer's switch: a plain link, so it works before any script has run. It is
  // kept for the browser and the address is given back without it.
  const asked = c.req.query('lang');
  if (asked !== undefined) {
    const url = new URL(c.req.url);
    url.searchParams.delete('lang');
    if (isLanguage(asked))
      setCookie(c, LANGUAGE_COOKIE, asked, {
        path: '/',
        maxAge: LANGUAGE_COOKIE_MAX_AGE,
        sameSite: 'Lax',
        secure: true,
      });
    return c.redirect(`${url.pathname}${url.search}`, 303);
  }
  const language = browserLanguage(c.req.raw);
  const answer = await c.env.ASSETS.fetch(new URL(assetPath(page, language), c.req.url));
  if (!answer.ok) return c.notFound();
  return new Response(answer.body, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Language': language,
      Vary: 'Accept-Language, Cookie',
      // As the app's own pages: always revalidated, so a deploy shows at once.
      'Cache-Control': 'no-cache',
    },
  });
}

export const prerenderedPages = new Hono<AppEnv>();
for (const [path, page] of Object.entries(PAGES)) prerenderedPages.get(path, (c) => servePage(c, page));
