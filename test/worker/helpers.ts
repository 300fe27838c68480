import { SELF } from 'cloudflare:test';

export const ORIGIN = 'https://card.test';

// Tests read whatever JSON came back, field by field, and assert on it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
export type ApiInit = RequestInit & { json?: unknown; token?: string };

let clients = 0;
/**
 * A client address as Cloudflare reports it (CF-Connecting-IP), from a documentation range. By
 * default every request comes from a client of its own (a /64 of its own: the bounds count an
 * IPv6 client by its /64), as the people a test stands for would; tests of per-client bounds
 * name the client with `clientHeaders`.
 */
export const clientIp = () =>
  `2001:db8:${(++clients).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}::${Math.floor(Math.random() * 0xffff).toString(16)}`;
export const clientHeaders = (ip: string) => ({ 'CF-Connecting-IP': ip });

/** The request a browser would send: JSON body and bearer token set from the shorthand. */
export function toRequest(path: string, init: ApiInit = {}) {
  const { json, token, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (!headers.has('CF-Connecting-IP')) headers.set('CF-Connecting-IP', clientIp());
  if (json !== undefined) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return new Request(`${ORIGIN}${path}`, {
    ...rest,
    headers,
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
}

/** Status, headers, raw text and the JSON body (or `{ _text }` when it is not JSON). */
export async function readAnswer(res: Response) {
  const text = await res.text();
  let body: Json;
  try {
    body = text ? (JSON.parse(text) as Json) : {};
  } catch {
    body = { _text: text };
  }
  return { status: res.status, headers: res.headers, text, body };
}

/** A request to the Worker under test, as a visitor's browser would send it. */
export const api = async (path: string, init: ApiInit = {}) => readAnswer(await SELF.fetch(toRequest(path, init)));

let counter = 0;
/** A unique, valid registration; random so files never depend on each other or on order. */
export function newAccount(overrides: Partial<Record<'name' | 'username' | 'email' | 'password', string>> = {}) {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: 'Test User',
    username: `user_${id}`,
    email: `user_${id}@example.com`,
    password: 'lantern-42-orbit',
    ...overrides,
  };
}

/** Registers a fresh account and answers its credentials and tokens. */
export async function registerUser(overrides: Parameters<typeof newAccount>[0] = {}) {
  const account = newAccount(overrides);
  const res = await api('/v1/auth/register', { method: 'POST', json: account });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    ...account,
    id: res.body.user.id as string,
    token: res.body.token as string,
    refreshToken: res.body.refresh_token as string,
  };
}
