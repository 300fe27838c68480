// Set-up through the product's own API, for journeys whose subject is not registration itself.
import type { Browser, BrowserContext } from 'playwright-core';
import {
  ACCESS_COOKIE,
  REFRESH_COOKIE,
  REFRESH_COOKIE_PATH,
  SESSION_HINT_COOKIE,
} from '../../../shared/session-cookies.ts';
import type { Server } from './server.ts';

export type Account = { name: string; username: string; email: string; password: string };
export type Session = { token: string; refresh_token: string };

export const accountFor = (username: string, name = 'Ada Lovelace'): Account => ({
  name,
  username,
  email: `${username}@example.com`,
  password: 'secret-pass-1',
});

let clients = 0;
/** A client address from a documentation range, in a /64 of its own each time (the bounds count an IPv6 client by its /64). */
export const clientAddress = () => `2001:db8:${(process.pid % 0xffff).toString(16)}:${(++clients).toString(16)}::e2e`;

async function call<T>(app: Server, method: string, path: string, body?: unknown, session?: Session): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'CF-Connecting-IP': clientAddress() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (session) headers.Authorization = `Bearer ${session.token}`;
  const res = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

export async function registerAccount(app: Server, account: Account): Promise<Session> {
  const body = await call<Session & { success: boolean }>(app, 'POST', '/v1/auth/register', account);
  return { token: body.token, refresh_token: body.refresh_token };
}

export const apiAs = (app: Server, session: Session) => ({
  post: <T>(path: string, body: unknown) => call<T>(app, 'POST', path, body, session),
  put: <T>(path: string, body: unknown) => call<T>(app, 'PUT', path, body, session),
  get: <T>(path: string) => call<T>(app, 'GET', path, undefined, session),
  /** The profile update is multipart (docs/product.md §7). */
  async updateProfile(fields: Record<string, string>) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    const res = await fetch(`${app.baseUrl}/v1/user/profile/update`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.token}`, Accept: 'application/json' },
      body: form,
    });
    if (!res.ok) throw new Error(`profile update answered ${res.status}: ${await res.text()}`);
  },
});

/** The access token's expiry (seconds), as the hint cookie carries it. */
const expiryOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp: number }).exp;

/**
 * Signs the browser in with the cookies a sign-in answer sets (worker/lib/session-cookies.ts):
 * both tokens HttpOnly, and the hint that the app reads.
 */
export async function signInBrowser(context: BrowserContext, app: Server, session: Session) {
  const domain = new URL(app.baseUrl).hostname;
  const common = { domain, secure: true, expires: Math.floor(Date.now() / 1000) + 30 * 24 * 60 * 60 };
  await context.addCookies([
    { ...common, name: ACCESS_COOKIE, value: session.token, path: '/', httpOnly: true, sameSite: 'Lax' },
    {
      ...common,
      name: REFRESH_COOKIE,
      value: session.refresh_token,
      path: REFRESH_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'Strict',
    },
    { ...common, name: SESSION_HINT_COOKIE, value: `${expiryOf(session.token)}.e2e`, path: '/', sameSite: 'Lax' },
  ]);
}

/** A new account, signed in in the browser. */
export async function signedInAccount(context: BrowserContext, app: Server, username: string, name?: string) {
  const account = accountFor(username, name);
  const session = await registerAccount(app, account);
  await signInBrowser(context, app, session);
  return { account, session, api: apiAs(app, session) };
}

type Mail = { subject: string; text: string; code: string | null };

/** The newest message of the development outbox for `to`. */
export async function latestMail(app: Server, to: string): Promise<Mail | undefined> {
  const body = await call<{ data: Mail[] }>(app, 'GET', `/v1/dev/mail?to=${encodeURIComponent(to)}`);
  return body.data[0];
}

type NewLink = { title: string; url: string; is_active?: boolean; display_order?: number };

/** Adds links through the API; answers their ids in order. */
export async function addLinks(api: ReturnType<typeof apiAs>, links: NewLink[]) {
  const ids: number[] = [];
  for (const [index, link] of links.entries()) {
    const body = await api.post<{ link: { id: number } }>('/v1/user/links', {
      icon: '',
      display_order: index,
      is_active: true,
      ...link,
    });
    ids.push(body.link.id);
  }
  return ids;
}

/**
 * A visitor, in a browser of their own, opens the card and clicks one of its links (the request
 * the card's island sends). Both are counted once the buffered events are flushed.
 */
export async function visitAndClick(browser: Browser, app: Server, username: string, linkId: number) {
  const visitor = await browser.newContext();
  try {
    const page = await visitor.newPage();
    const response = await page.goto(`${app.baseUrl}/p/${username}`);
    if (response?.status() !== 200) throw new Error(`the card answered ${response?.status()}`);
    const status = await page.evaluate<number>(`fetch('/v1/link/${linkId}/click').then((res) => res.status)`);
    if (status >= 400) throw new Error(`the click answered ${status}`);
  } finally {
    await visitor.close();
  }
}
