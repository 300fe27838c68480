import { describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '@shared/i18n/languages';
import loginEnglish from '../../../shared/i18n/catalogues/login/en.json';
import loginSpanish from '../../../shared/i18n/catalogues/login/es.json';
import landingEnglish from '../../../shared/i18n/catalogues/landing/en.json';
import landingSpanish from '../../../shared/i18n/catalogues/landing/es.json';
import { apiWith } from '../auth-helpers';

// The landing page and the sign-in screens, prerendered once per language at build time
// (build/prerender-*.ts), are picked here by the Worker: the browser's choice (cl_lang), else its
// Accept-Language, else English; ?lang= is the footer's switch. The test runner has no build, so
// the assets layer here stands in for Cloudflare's with the files the build writes: each at its
// path (i18n/<language>/...), saying its language's heading from the catalogues; it records what
// it was asked for. The built files themselves are checked in the browser
// (test/e2e/journeys/spanish-sign-in.ts).

const HEADINGS: Record<string, string> = {
  '/landing': landingEnglish['landing.hero_title'],
  '/auth/login': loginEnglish['login.login_title'],
  '/i18n/es/landing': landingSpanish['landing.hero_title'],
  '/i18n/es/auth/login': loginSpanish['login.login_title'],
  '/i18n/ar/auth/login': 'مرحبًا بعودتك',
  '/i18n/de/auth/login': 'Willkommen zurück',
};

function assets() {
  const asked: string[] = [];
  const fetcher = {
    fetch: (input: RequestInfo | URL) => {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      asked.push(path);
      const heading = HEADINGS[path];
      if (!heading) return Promise.resolve(new Response('Not found', { status: 404 }));
      const language = /^\/i18n\/([^/]+)\//.exec(path)?.[1] ?? 'en';
      return Promise.resolve(
        new Response(`<!doctype html><html lang="${language}"><h1>${heading}</h1></html>`, {
          headers: { 'Content-Type': 'text/html' },
        }),
      );
    },
  };
  return { asked, ASSETS: fetcher as unknown as Fetcher };
}

const open = (path: string, headers: Record<string, string>, fake = assets()) =>
  apiWith({ ASSETS: fake.ASSETS }, path, { headers }).then((res) => ({ ...res, asked: fake.asked }));

describe('the prerendered pages in the visitor’s language', () => {
  it('answers Accept-Language es with the Spanish page, said so and varied on', async () => {
    for (const [path, heading] of [
      ['/', 'Tu identidad digital, más sencilla'],
      ['/auth/login', 'Hola de nuevo'],
    ] as const) {
      const res = await open(path, { 'Accept-Language': 'es-ES,es;q=0.9,en;q=0.8' });
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain('<html lang="es"');
      expect(res.text, path).toContain(heading);
      expect(res.headers.get('Content-Language'), path).toBe('es');
      expect(res.headers.get('Vary'), path).toContain('Accept-Language');
      expect(res.headers.get('Content-Type'), path).toMatch(/^text\/html/);
    }
  });

  it('lets the chosen language (cl_lang) win over Accept-Language, and ignores one of no language', async () => {
    const chosen = await open('/auth/login', { 'Accept-Language': 'es', Cookie: `${LANGUAGE_COOKIE}=ar` });
    expect(chosen.text).toContain('<html lang="ar"');
    expect(chosen.text).toContain('مرحبًا بعودتك');
    expect(chosen.headers.get('Content-Language')).toBe('ar');
    expect(chosen.headers.get('Vary')).toContain('Cookie');
    const nonsense = await open('/auth/login', { 'Accept-Language': 'es', Cookie: `${LANGUAGE_COOKIE}=xx` });
    expect(nonsense.headers.get('Content-Language')).toBe('es');
  });

  it('keeps ?lang=de in a cookie and sends the browser back to the address without it', async () => {
    const res = await open('/auth/login?lang=de&next=1', { 'Accept-Language': 'es' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/auth/login?next=1');
    const cookie = res.headers.get('Set-Cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${LANGUAGE_COOKIE}=de;`));
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(res.asked).toEqual([]);
    // The browser comes back with the cookie: German, whatever it accepts.
    const back = await open('/auth/login?next=1', { 'Accept-Language': 'es', Cookie: `${LANGUAGE_COOKIE}=de` });
    expect(back.text).toContain('Willkommen zurück');
    expect(back.asked).toEqual(['/i18n/de/auth/login']);
  });

  it('sets no cookie for a language it does not have, and still drops it from the address', async () => {
    const res = await open('/?lang=xx', {});
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/');
    expect(res.headers.get('Set-Cookie')).toBeNull();
  });

  it('answers English without an Accept-Language, or with none of its languages', async () => {
    for (const headers of [{}, { 'Accept-Language': 'ja-JP,ja;q=0.9' }] as Record<string, string>[]) {
      const res = await open('/auth/login', headers);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<html lang="en"');
      expect(res.text).toContain('Welcome back');
      expect(res.headers.get('Content-Language')).toBe('en');
      expect(res.asked).toEqual(['/auth/login']);
    }
    const landing = await open('/', {});
    expect(landing.text).toContain('Your Digital Identity, Simplified');
    expect(landing.asked).toEqual(['/landing']);
  });
});
