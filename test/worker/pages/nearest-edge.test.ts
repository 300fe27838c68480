// The card from the nearest edge: replica reads for visitors, the owner's bookmark, and the
// view's KV write after the answer (README, Decisions: the nearest edge).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '../../../worker/app';
import { withSimulatedDistance } from '../../../worker/lib/simulated-distance';
import { api, ORIGIN } from '../helpers';
import { createCard } from '../page-helpers';
import { bufferedKeys } from '../services/events-helpers';

const VISITOR = { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148' };

/** The database as the app sees it, recording the constraint of every session it opens. */
function recordingDb(sessions: string[]) {
  return new Proxy(env.DB, {
    get(target, prop) {
      if (prop === 'withSession')
        return (constraint: string) => {
          sessions.push(constraint);
          return target.withSession(constraint);
        };
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

async function fetchWith(path: string, overrides: Partial<typeof env>, headers: Record<string, string> = VISITOR) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${ORIGIN}${path}`, { headers }), { ...env, ...overrides }, ctx);
  return { res, ctx };
}

describe('the nearest edge', { timeout: 30_000 }, () => {
  it('reads the card from the nearest replica, and the dashboard without a bookmark from the primary', async () => {
    const owner = await createCard();
    for (const path of [
      `/p/${owner.username}`,
      `/p/${owner.username}.vcf`,
      `/qr/${owner.username}`,
      `/v1/p/${owner.username}`,
    ]) {
      const sessions: string[] = [];
      const { res, ctx } = await fetchWith(path, { DB: recordingDb(sessions) });
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
      await waitOnExecutionContext(ctx);
      expect(sessions.at(-1), path).toBe('first-unconstrained');
    }
    const sessions: string[] = [];
    const { res } = await fetchWith(
      '/v1/user/profile',
      { DB: recordingDb(sessions) },
      { Authorization: `Bearer ${owner.token}` },
    );
    expect(res.status).toBe(200);
    expect(sessions).toEqual(['first-primary']);
  });

  it("gives the owner a bookmark after a write, and reads the owner's next card view at least that fresh", async () => {
    const owner = await createCard();
    const write = await api('/v1/user/links', {
      method: 'POST',
      token: owner.token,
      json: { title: 'Fresh link', url: 'https://fresh.example/' },
    });
    expect(write.status).toBe(201);
    const cookie = write.headers.get('Set-Cookie') ?? '';
    const bookmark = /d1_bookmark=([^;]+)/.exec(cookie)?.[1];
    expect(bookmark).toMatch(/^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    // A read that already carries it, and a refused request, get none (owner-replica.test.ts has the rest).
    const read = await api('/v1/user/profile', { token: owner.token, headers: { Cookie: `d1_bookmark=${bookmark}` } });
    expect(read.headers.get('Set-Cookie')).toBeNull();
    const refused = await api('/v1/user/links', { method: 'POST', token: owner.token, json: { title: '' } });
    expect(refused.status).toBe(422);
    expect(refused.headers.get('Set-Cookie')).toBeNull();

    const sessions: string[] = [];
    const { res } = await fetchWith(
      `/p/${owner.username}`,
      { DB: recordingDb(sessions) },
      {
        ...VISITOR,
        Cookie: `d1_bookmark=${bookmark}`,
      },
    );
    expect(await res.text()).toContain('Fresh link');
    expect(sessions.at(-1)).toBe(bookmark);

    // A cookie that is not a bookmark is ignored, never an error.
    const forged: string[] = [];
    const other = await fetchWith(
      `/p/${owner.username}`,
      { DB: recordingDb(forged) },
      {
        ...VISITOR,
        Cookie: 'd1_bookmark=../../etc',
      },
    );
    expect(other.res.status).toBe(200);
    expect(forged.at(-1)).toBe('first-unconstrained');
  });

  it("answers the card before the view's KV write, and still counts the view", async () => {
    const owner = await createCard();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const puts: string[] = [];
    const slowKv = new Proxy(env.EVENTS, {
      get(target, prop) {
        if (prop === 'put')
          return async (key: string, value: string, options: KVNamespacePutOptions) => {
            puts.push(key);
            await held;
            return target.put(key, value, options);
          };
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    const { res, ctx } = await fetchWith(`/p/${owner.username}`, { EVENTS: slowKv });
    // The answer is complete while the write still waits.
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('</html>');
    expect(await bufferedKeys(owner.id)).toHaveLength(0);
    release();
    await waitOnExecutionContext(ctx);
    expect(puts).toHaveLength(1);
    expect(await bufferedKeys(owner.id)).toHaveLength(1);
  });

  it('simulates distance only in development, and only when asked', () => {
    const asked = new Request(`${ORIGIN}/p/x`, { headers: { 'X-Simulate-Distance': 'd1=150,kv=50' } });
    expect(withSimulatedDistance({ ...env, ENVIRONMENT: 'production' }, asked)).toEqual({
      ...env,
      ENVIRONMENT: 'production',
    });
    expect(withSimulatedDistance(env, new Request(`${ORIGIN}/p/x`))).toBe(env);
    const distant = withSimulatedDistance(env, asked);
    expect(distant.DB).not.toBe(env.DB);
    expect(distant.EVENTS).not.toBe(env.EVENTS);
  });
});
