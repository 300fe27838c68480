// Owners read from the nearest replica: a /v1 read carrying the owner's bookmark runs in a D1
// session constrained by it, writes start on the primary, and the owner reads their own writes
// through a replica that lags (README, Decisions: the nearest edge).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '../../../worker/app';
import { api, toRequest } from '../helpers';
import { createCard } from '../page-helpers';

const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
/** Replicas a minute behind the primary; no distance, so the tests stay fast. */
const LAGGING = { 'X-Simulate-Distance': 'lag=60000' };

const titles = (body: { data?: { title: string }[] }) => (body.data ?? []).map((link) => link.title);

/** The app with a database that records the constraint of every session it opens. */
async function sessionsOf(path: string, init: Parameters<typeof toRequest>[1] = {}) {
  const sessions: string[] = [];
  const DB = new Proxy(env.DB, {
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
  const ctx = createExecutionContext();
  const res = await app.fetch(toRequest(path, init), { ...env, DB }, ctx);
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return { res, sessions };
}

describe("the owner's reads", { timeout: 30_000 }, () => {
  it("run in a session constrained by the owner's bookmark; writes and reads without one start on the primary", async () => {
    const owner = await createCard();
    const first = await api('/v1/user/profile', { token: owner.token });
    const bookmark = first.headers.get('X-D1-Bookmark') ?? '';
    expect(bookmark).toMatch(BOOKMARK);

    const header = await sessionsOf('/v1/user/profile', {
      token: owner.token,
      headers: { 'X-D1-Bookmark': bookmark },
    });
    expect(header.res.status).toBe(200);
    expect(header.sessions[0]).toBe(bookmark);
    const cookie = await sessionsOf('/v1/user/links', {
      token: owner.token,
      headers: { Cookie: `d1_bookmark=${bookmark}` },
    });
    expect(cookie.sessions[0]).toBe(bookmark);

    // The fresher of the two wins (bookmarks sort from oldest to newest).
    const older = bookmark.replace(/^[0-9a-f]{8}/, '00000000');
    const both = await sessionsOf('/v1/user/profile', {
      token: owner.token,
      headers: { 'X-D1-Bookmark': older, Cookie: `d1_bookmark=${bookmark}` },
    });
    expect(both.sessions[0]).toBe(bookmark);

    // A write starts on the primary whatever it carries; so does a read without a bookmark.
    const write = await sessionsOf('/v1/user/links', {
      method: 'POST',
      token: owner.token,
      json: { title: 'On the primary', url: 'https://primary.example/' },
      headers: { 'X-D1-Bookmark': bookmark },
    });
    expect(write.res.status).toBe(201);
    expect(write.sessions[0]).toBe('first-primary');
    expect((await sessionsOf('/v1/user/profile', { token: owner.token })).sessions[0]).toBe('first-primary');
    // Something that is not a bookmark is ignored, never an error.
    const forged = await sessionsOf('/v1/user/profile', {
      token: owner.token,
      headers: { 'X-D1-Bookmark': '../../etc', Cookie: 'd1_bookmark=x' },
    });
    expect(forged.res.status).toBe(200);
    expect(forged.sessions[0]).toBe('first-primary');
  });

  it('see their own write through a replica that lags behind it', async () => {
    const owner = await createCard();
    const added = await api('/v1/user/links', {
      method: 'POST',
      token: owner.token,
      json: { title: 'Written just now', url: 'https://fresh.example/' },
      headers: LAGGING,
    });
    expect(added.status).toBe(201);
    const bookmark = added.headers.get('X-D1-Bookmark') ?? '';
    expect(bookmark).toMatch(BOOKMARK);

    // An API client sends the bookmark back in the header...
    const listed = await api('/v1/user/links', {
      token: owner.token,
      headers: { ...LAGGING, 'X-D1-Bookmark': bookmark },
    });
    expect(listed.status).toBe(200);
    expect(titles(listed.body)).toContain('Written just now');

    // ...the dashboard in its cookie, set by the write.
    const second = await api('/v1/user/links', {
      method: 'POST',
      token: owner.token,
      json: { title: 'Written a moment later', url: 'https://later.example/' },
      headers: LAGGING,
    });
    expect(second.status).toBe(201);
    const cookie = /d1_bookmark=([^;]+)/.exec(second.headers.get('Set-Cookie') ?? '')?.[1] ?? '';
    expect(cookie).toMatch(BOOKMARK);
    const dashboard = await api('/v1/user/links', {
      token: owner.token,
      headers: { ...LAGGING, Cookie: `d1_bookmark=${cookie}` },
    });
    expect(dashboard.status).toBe(200);
    expect(titles(dashboard.body)).toEqual(expect.arrayContaining(['Written just now', 'Written a moment later']));

    // Without the owner's bookmark the lagging replica answers, and the harness refuses it as
    // stale: the test above would fail if the owner's read ignored the bookmark.
    const visitor = await api(`/v1/p/${owner.username}`, { headers: LAGGING });
    expect(visitor.status).toBe(500);
  });

  it('hand the bookmark back: in X-D1-Bookmark, and to a signed-in browser as a cookie', async () => {
    const owner = await createCard();
    const read = await api('/v1/user/profile', { token: owner.token });
    const bookmark = read.headers.get('X-D1-Bookmark') ?? '';
    // A signed-in read without a cookie gets one, so the next reads go to a replica.
    expect(read.headers.get('Set-Cookie')).toMatch(/d1_bookmark=[0-9a-f-]+;.*HttpOnly/);
    const again = await api('/v1/user/profile', { token: owner.token, headers: { Cookie: `d1_bookmark=${bookmark}` } });
    expect(again.status).toBe(200);
    expect(again.headers.get('Set-Cookie')).toBeNull();
    expect(again.headers.get('X-D1-Bookmark')).toMatch(BOOKMARK);

    // Anonymous API calls get the header (it names no one) but no cookie.
    const config = await api('/v1/config');
    expect(config.headers.get('Set-Cookie')).toBeNull();
    // A visitor's card reads its own session: neither header nor cookie.
    const card = await api(`/v1/p/${owner.username}`);
    expect(card.status).toBe(200);
    expect(card.headers.get('X-D1-Bookmark')).toBeNull();
    expect(card.headers.get('Set-Cookie')).toBeNull();
    const refused = await api('/v1/user/profile', { headers: { 'X-D1-Bookmark': bookmark } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('Set-Cookie')).toBeNull();
  });
});
