import { env } from 'cloudflare:test';
import { api, type ApiInit } from './helpers';

type Owner = { token: string; password: string };

/** Makes a personal access token from a signed-in session, as Settings does. */
export const makeToken = (owner: Owner, body: Record<string, unknown> = {}) =>
  api('/v1/user/tokens', {
    method: 'POST',
    token: owner.token,
    json: {
      name: 'Deploy script',
      scopes: ['links:read'],
      expires_in_days: 90,
      current_password: owner.password,
      ...body,
    },
  });

/** A token's secret with these scopes (and cards), or a thrown error. */
export async function tokenFor(owner: Owner, body: Record<string, unknown> = {}) {
  const made = await makeToken(owner, body);
  if (made.status !== 201) throw new Error(`token: ${made.status} ${JSON.stringify(made.body)}`);
  return { secret: made.body.data.token as string, id: made.body.data.id as string };
}

/** A request made with a token rather than a session. */
export const withToken = (secret: string, path: string, init: Omit<ApiInit, 'token'> = {}) =>
  api(path, { ...init, token: secret });

/** The account's stored token rows, as D1 holds them. */
export const tokenRows = async (userId: string) =>
  (
    await env.DB.prepare('SELECT * FROM api_tokens WHERE user_id = ? ORDER BY created_at, id')
      .bind(userId)
      .all<Record<string, unknown>>()
  ).results;
