import { describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, SESSION_HINT_COOKIE } from '@shared/session-cookies';
import { apiWith } from '../auth-helpers';
import { registerUser } from '../helpers';
import { webBrowser } from '../web-browser';

// The dashboard's page names the session check the app is about to make as a preload, for a
// browser that holds a live session (worker/lib/app-page.ts, docs/decisions/0107), so a phone asks
// for the owner's profile beside the page's scripts. The page holds no one's data: every browser
// with a session gets the same bytes. The test runner has no build, so the assets layer here
// stands in for Cloudflare's with a page shaped as the built web/index.html is.

const PAGE = [
  '<!doctype html><html lang="en"><head><title>Cardlink</title>',
  '<script type="module" crossorigin src="/assets/index-1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/app-1.js">',
  '<link rel="stylesheet" crossorigin href="/assets/styles-1.css">',
  '<link rel="modulepreload" crossorigin href="/assets/overview-1.js">',
  '</head><body><div id="root"></div></body></html>',
].join('');
const ETAG = '"the-file"';

function assets() {
  const fetcher = {
    fetch: (input: RequestInfo | URL) => {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      if (path === '/manifest.webmanifest')
        return Promise.resolve(new Response('{}', { headers: { 'Content-Type': 'application/manifest+json' } }));
      return Promise.resolve(
        new Response(PAGE, {
          headers: { 'Content-Type': 'text/html; charset=utf-8', ETag: ETAG, 'Cache-Control': 'public, max-age=0' },
        }),
      );
    },
  };
  return fetcher as unknown as Fetcher;
}

const open = (path: string, cookie?: string) =>
  apiWith({ ASSETS: assets() }, path, { headers: cookie ? { Cookie: cookie } : {} });

/** A browser signed in through the app: the cookie header it sends to the page's address. */
async function signedIn() {
  const user = await registerUser();
  const browser = webBrowser();
  const res = await browser.post('/v1/auth/login', { email: user.email, password: user.password });
  expect(res.status).toBe(200);
  const access = browser.cookie(ACCESS_COOKIE)!.value;
  const hint = browser.cookie(SESSION_HINT_COOKIE)!.value;
  return { user, access, hint, cookie: `${ACCESS_COOKIE}=${access}; ${SESSION_HINT_COOKIE}=${hint}` };
}

const PRELOAD = /<link rel="preload" href="([^"]*)" as="fetch" crossorigin>/g;
const preloads = (html: string) => [...html.matchAll(PRELOAD)].map((match) => match[1]);

describe('the dashboard’s page and the session check', { timeout: 30_000 }, () => {
  it('names the profile as a preload for a signed-in browser, after the stylesheet, and holds nothing else new', async () => {
    const { user, cookie } = await signedIn();
    for (const path of ['/dashboard', '/dashboard/links']) {
      const res = await open(path, cookie);
      expect(res.status, path).toBe(200);
      expect(preloads(res.text), path).toEqual(['/v1/user/profile']);
      // Asked for in the round of requests after the entry's scripts, before the screen's own.
      const link = '<link rel="preload" href="/v1/user/profile" as="fetch" crossorigin>';
      expect(res.text, path).toContain(`<link rel="stylesheet" crossorigin href="/assets/styles-1.css">${link}`);
      // The file's bytes and the link, nothing of the owner's.
      expect(res.text.replace(link, ''), path).toBe(PAGE);
      for (const value of [user.email, user.username, user.id]) expect(res.text, path).not.toContain(value);
      // A copy of its own: no shared cache keeps it, and the file's validator does not name it.
      expect(res.headers.get('Cache-Control'), path).toBe('private, no-cache');
      expect(res.headers.get('ETag'), path).toBeNull();
      expect(res.headers.get('Vary'), path).toContain('Cookie');
      expect(res.headers.get('Content-Security-Policy'), path).toContain("script-src 'self'");
    }
  });

  it('gives two owners the same page, so neither ever receives the other’s', async () => {
    const first = await open('/dashboard', (await signedIn()).cookie);
    const second = await open('/dashboard', (await signedIn()).cookie);
    expect(first.text).toBe(second.text);
  });

  it('names the card in view’s profile when the address names a card, encoded', async () => {
    const { cookie } = await signedIn();
    const card = await open('/dashboard/links?card=crd_123', cookie);
    expect(preloads(card.text)).toEqual(['/v1/cards/crd_123/profile']);
    const odd = await open(`/dashboard?card=${encodeURIComponent('a"b<c/d')}`, cookie);
    expect(preloads(odd.text)).toEqual([`/v1/cards/${encodeURIComponent('a"b<c/d')}/profile`]);
    expect(odd.text).not.toContain('a"b<c');
  });

  it('names nothing without a live session: the file as the assets answered it', async () => {
    const { access, hint } = await signedIn();
    const expired = `${Math.floor(Date.now() / 1000) - 60}.tag`;
    for (const [label, cookie] of [
      ['signed out', undefined],
      ['the hint alone', `${SESSION_HINT_COOKIE}=${hint}`],
      ['no hint', `${ACCESS_COOKIE}=${access}`],
      ['an expired token (the app refreshes first)', `${ACCESS_COOKIE}=${access}; ${SESSION_HINT_COOKIE}=${expired}`],
      ['a hint of nonsense', `${ACCESS_COOKIE}=${access}; ${SESSION_HINT_COOKIE}=soon`],
    ] as const) {
      const res = await open('/dashboard', cookie);
      expect(res.status, label).toBe(200);
      expect(res.text, label).toBe(PAGE);
      expect(res.headers.get('ETag'), label).toBe(ETAG);
    }
  });

  it('leaves the app’s other files alone', async () => {
    const { cookie } = await signedIn();
    const res = await open('/manifest.webmanifest', cookie);
    expect(res.status).toBe(200);
    expect(res.text).toBe('{}');
  });
});
