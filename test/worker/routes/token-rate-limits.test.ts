import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_TOKEN_REQUESTS_PER_MINUTE, TOKEN_REQUESTS_PER_MINUTE } from '../../../shared/schemas/tokens';
import { api, registerUser } from '../helpers';
import { tokenFor, withToken } from '../token-helpers';

// The bounds on tokens (docs/api.md, Limits): every answer to a token says where it stands in
// the IETF RateLimit fields, and a refusal says when to try again.

/** `n` requests counted a moment ago under one bound, as earlier requests would have left them. */
async function spend(kind: 'api_token' | 'api_account', subject: string, n: number, ago = 1_000) {
  const at = Date.now() - ago;
  const statement = env.DB.prepare('INSERT INTO auth_attempts (kind, subject, created_at) VALUES (?, ?, ?)');
  await env.DB.batch(Array.from({ length: n }, () => statement.bind(kind, subject, at)));
}

describe('rate limits on tokens', { timeout: 60_000 }, () => {
  it('every answer to a token carries RateLimit-Policy and RateLimit, the refusals too', async () => {
    const user = await registerUser();
    const { secret } = await tokenFor(user, { scopes: ['links:read'] });
    const first = await withToken(secret, '/v1/user/links');
    expect(first.status).toBe(200);
    expect(first.headers.get('RateLimit-Policy')).toBe(
      `"api_token_1m";q=${TOKEN_REQUESTS_PER_MINUTE};w=60, "api_account_1m";q=${ACCOUNT_TOKEN_REQUESTS_PER_MINUTE};w=60`,
    );
    expect(first.headers.get('RateLimit')).toMatch(
      new RegExp(
        `^"api_token_1m";r=${TOKEN_REQUESTS_PER_MINUTE - 1};t=\\d+, "api_account_1m";r=${ACCOUNT_TOKEN_REQUESTS_PER_MINUTE - 1};t=\\d+$`,
      ),
    );
    const second = await withToken(secret, '/v1/user/stats');
    expect(second.status).toBe(403);
    expect(second.headers.get('RateLimit')).toContain(`"api_token_1m";r=${TOKEN_REQUESTS_PER_MINUTE - 2}`);
    // A session's answer is not a token's: the dashboard is not counted by these bounds.
    expect((await api('/v1/user/links', { token: user.token })).headers.get('RateLimit-Policy')).toBeNull();
  });

  it('past the token’s bound: 429 with Retry-After, the handler not reached; its other tokens go on', async () => {
    const user = await registerUser();
    const busy = await tokenFor(user, { scopes: ['links:read', 'links:write'] });
    const calm = await tokenFor(user, { scopes: ['links:read'] });
    await spend('api_token', busy.id, TOKEN_REQUESTS_PER_MINUTE, 20_000);
    const res = await withToken(busy.secret, '/v1/user/links', {
      method: 'POST',
      json: { title: 'Site', url: 'https://example.com/' },
    });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('Too many requests with this token or account. Please slow down.');
    const retry = Number(res.headers.get('Retry-After'));
    expect(retry).toBeGreaterThanOrEqual(39);
    expect(retry).toBeLessThanOrEqual(41);
    expect(res.headers.get('RateLimit')).toMatch(/^"api_token_1m";r=0;t=(39|40|41), /);
    expect((await api('/v1/user/links', { token: user.token })).body.data).toEqual([]);
    expect((await withToken(calm.secret, '/v1/user/links')).status).toBe(200);
  });

  it('past the account’s bound: every token of the account gets 429, another account’s does not', async () => {
    const user = await registerUser();
    const other = await registerUser();
    const one = await tokenFor(user);
    const two = await tokenFor(user);
    const theirs = await tokenFor(other);
    await spend('api_account', user.id, ACCOUNT_TOKEN_REQUESTS_PER_MINUTE);
    for (const { secret } of [one, two]) {
      const res = await withToken(secret, '/v1/user/links');
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(res.headers.get('RateLimit')).toContain('"api_account_1m";r=0;');
    }
    expect((await withToken(theirs.secret, '/v1/user/links')).status).toBe(200);
  });

  it('a minute on, the bound has room again', async () => {
    const user = await registerUser();
    const { id, secret } = await tokenFor(user);
    await spend('api_token', id, TOKEN_REQUESTS_PER_MINUTE, 61_000);
    expect((await withToken(secret, '/v1/user/links')).status).toBe(200);
  });
});
