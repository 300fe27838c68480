import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { app } from '../../worker/app';
import type { Bindings } from '../../worker/env';
import { api, readAnswer, toRequest, type ApiInit } from './helpers';
import type { AttemptKind } from '../../worker/services/attempts';

/**
 * A request to the app with some bindings changed (REQUIRE_ACTIVATION, ENVIRONMENT, ...),
 * which SELF cannot do: the same app and the same per-file storage, another configuration.
 * Answers once the work the request handed to `waitUntil` has finished too.
 */
export async function apiWith(overrides: Partial<Bindings>, path: string, init: ApiInit = {}) {
  const ctx = createExecutionContext();
  const answer = await readAnswer(await app.request(toRequest(path, init), undefined, { ...env, ...overrides }, ctx));
  await waitOnExecutionContext(ctx);
  return answer;
}

export const post = (path: string, json: unknown, token?: string, ip?: string) =>
  api(path, { method: 'POST', json, token, headers: ip ? { 'CF-Connecting-IP': ip } : undefined });

/** A sign-in from the client `ip` (a client of its own when not given). */
export const login = (email: string, password: string, ip?: string) =>
  post('/v1/auth/login', { email, password }, undefined, ip);

/** A request from one browser: its client address and, once it has signed in, its device cookie. */
export const fromBrowser = (ip: string, cookie?: string) => ({
  'CF-Connecting-IP': ip,
  ...(cookie ? { Cookie: cookie } : {}),
});

/** A sign-in from a browser that may hold a device cookie (lib/device-cookies.ts). */
export const loginFrom = (email: string, password: string, ip: string, cookie?: string) =>
  api('/v1/auth/login', { method: 'POST', json: { email, password }, headers: fromBrowser(ip, cookie) });

/** The device cookie an answer set ('name=value'), as the browser would send it back. */
export function deviceCookie(res: { headers: Headers }) {
  const match = /(cl_device_[0-9a-f]+=[^;]+)/.exec(res.headers.get('set-cookie') ?? '');
  if (!match?.[1]) throw new Error('no device cookie was set');
  return match[1];
}

export const profileWith = (token: string) => api('/v1/user/profile', { token });

type OutboxMessage = { to: string; subject: string; text: string; code: string | null; sent_at: string };

/** The development outbox for an address, newest first. */
export async function outbox(to: string): Promise<OutboxMessage[]> {
  const res = await api(`/v1/dev/mail?to=${encodeURIComponent(to)}`);
  if (res.status !== 200) throw new Error(`outbox answered ${res.status}`);
  return res.body.data as OutboxMessage[];
}

/** Moves an account's reset codes into the past, as if time had passed. */
export async function agePasswordResets(email: string, byMs: number) {
  await env.DB.prepare(
    `UPDATE password_resets SET expires_at = expires_at - ?1, created_at = created_at - ?1
     WHERE user_id = (SELECT id FROM users WHERE email = ?2)`,
  )
    .bind(byMs, email)
    .run();
}

/** Moves recorded attempts into the past, as if time had passed. */
export async function ageAttempts(kind: AttemptKind, subject: string, byMs: number) {
  await env.DB.prepare('UPDATE auth_attempts SET created_at = created_at - ?1 WHERE kind = ?2 AND subject = ?3')
    .bind(byMs, kind, subject)
    .run();
}

export async function userRow(email: string) {
  return env.DB.prepare('SELECT u.*, p.username FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.email = ?')
    .bind(email)
    .first<{ id: string; email: string; password_hash: string; status: string; username: string }>();
}

export const countRows = async (table: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())?.n ?? 0;

/** Moves every recorded attempt into the past, as if time had passed for everyone. */
export async function ageAllAttempts(byMs: number) {
  await env.DB.prepare('UPDATE auth_attempts SET created_at = created_at - ?1').bind(byMs).run();
}
