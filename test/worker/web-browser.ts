import { SELF } from 'cloudflare:test';
import { TOKEN_DELIVERY_HEADER } from '@shared/session-cookies';
import { clientIp, ORIGIN, readAnswer, toRequest, type ApiInit } from './helpers';

// The web app in a browser, as the Worker sees it: a cookie jar that keeps what Set-Cookie says
// (attributes included, so tests can check them) and sends back what the path allows, and the
// headers a browser adds to the app's own calls (Sec-Fetch-Site: same-origin, Origin on a write)
// that no script can set or remove, and `X-Token-Delivery: cookie`, which the app sends.

export type StoredCookie = { name: string; value: string; attributes: Record<string, string | true> };

/** Where a request comes from, as Fetch Metadata says: the app itself, a sibling host, another site. */
export type Site = 'same-origin' | 'same-site' | 'cross-site';

export type BrowserInit = ApiInit & {
  /** `Sec-Fetch-Site`; null for a browser without Fetch Metadata (then only `Origin` tells). */
  site?: Site | null;
  /** `Origin`; by default this origin on a write (as browsers send it), none on a read. */
  origin?: string | null;
  /** Leave out `X-Token-Delivery: cookie`: a script of its own rather than the app's client. */
  plain?: boolean;
};

function parseSetCookie(line: string): StoredCookie {
  const [pair = '', ...parts] = line.split(';').map((part) => part.trim());
  const at = pair.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq === -1) attributes[part.toLowerCase()] = true;
    else attributes[part.slice(0, eq).toLowerCase()] = part.slice(eq + 1);
  }
  return { name: pair.slice(0, at), value: decodeURIComponent(pair.slice(at + 1)), attributes };
}

const pathMatches = (cookiePath: string, path: string) =>
  path === cookiePath || path.startsWith(cookiePath.endsWith('/') ? cookiePath : `${cookiePath}/`);

/** A browser with the app open: its own client address, its own cookies. */
export function webBrowser(ip = clientIp()) {
  const jar = new Map<string, StoredCookie>();
  /** Every Set-Cookie of the last answer, as sent (a deletion included). */
  let lastSet: StoredCookie[] = [];

  function keep(headers: Headers) {
    lastSet = headers.getSetCookie().map(parseSetCookie);
    for (const cookie of lastSet) {
      if (cookie.attributes['max-age'] === '0') jar.delete(cookie.name);
      else jar.set(cookie.name, cookie);
    }
  }

  function cookieHeader(path: string) {
    const sent = [...jar.values()].filter((cookie) => pathMatches(String(cookie.attributes.path ?? '/'), path));
    return sent.map((cookie) => `${cookie.name}=${encodeURIComponent(cookie.value)}`).join('; ');
  }

  async function request(path: string, init: BrowserInit = {}) {
    const { site = 'same-origin', origin, plain = false, ...rest } = init;
    const headers = new Headers(rest.headers);
    headers.set('CF-Connecting-IP', ip);
    const cookies = cookieHeader(path.split('?')[0]!);
    if (cookies) headers.set('Cookie', cookies);
    if (site) headers.set('Sec-Fetch-Site', site);
    const write = (rest.method ?? 'GET').toUpperCase() !== 'GET';
    const sentOrigin = origin === undefined ? (write ? ORIGIN : null) : origin;
    if (sentOrigin) headers.set('Origin', sentOrigin);
    if (!plain) headers.set(TOKEN_DELIVERY_HEADER, 'cookie');
    const answer = await readAnswer(await SELF.fetch(toRequest(path, { ...rest, headers })));
    keep(answer.headers);
    return answer;
  }

  return {
    ip,
    request,
    post: (path: string, json: unknown = {}, init: BrowserInit = {}) =>
      request(path, { ...init, method: 'POST', json }),
    /** A cookie the browser holds now, or undefined. */
    cookie: (name: string) => jar.get(name),
    /** The Set-Cookie lines of the last answer. */
    lastSet: () => lastSet,
    /** Puts a cookie in the jar as a script (or an earlier version of the app) would. */
    set(name: string, value: string, path = '/') {
      jar.set(name, { name, value, attributes: { path } });
    },
    forget: (name: string) => jar.delete(name),
  };
}

export type WebBrowser = ReturnType<typeof webBrowser>;

/** Registers a new account through the app in this browser; answers the registration's fields. */
export async function registerIn<A extends Record<string, string>>(browser: WebBrowser, account: A) {
  const res = await browser.post('/v1/auth/register', account);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...account, id: res.body.user.id as string };
}
