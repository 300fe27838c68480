// The edge cache (a version per card state) and view counting on the HTML card.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '../../../worker/app';
import { api, ORIGIN } from '../helpers';
import { postForm } from '../images';
import { createCard, insertCard, page, TEN_LINKS } from '../page-helpers';
import { bufferedEvents, bufferedKeys } from '../services/events-helpers';
import { ACCESS_COOKIE } from '@shared/session-cookies';

/**
 * The real D1, with `write` landing right after the first statement the Worker reads: another
 * request's change arriving while this one renders. Statements pass through untouched.
 */
function dbChangedAfterFirstRead(write: () => Promise<unknown>): D1Database {
  let pending: (() => Promise<unknown>) | null = write;
  const real = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === 'bind') return (...values: unknown[]) => wrap(target.bind(...values));
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        if (!['first', 'all', 'raw', 'run'].includes(String(prop))) return value.bind(target);
        return async (...args: unknown[]) => {
          const answer: unknown = await value.apply(target, args);
          const change = pending;
          pending = null;
          await change?.();
          return answer;
        };
      },
    });
    real.set(proxy, statement);
    return proxy;
  };
  // The database and each session of it (the card reads through a replica session).
  const wrapDb = <T extends D1Database | D1DatabaseSession>(db: T): T =>
    new Proxy(db, {
      get(target, prop) {
        if (prop === 'prepare') return (query: string) => wrap(target.prepare(query));
        if (prop === 'batch')
          return (statements: D1PreparedStatement[]) => target.batch(statements.map((st) => real.get(st) ?? st));
        if (prop === 'withSession')
          return (constraint: string) => wrapDb((target as D1Database).withSession(constraint));
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return wrapDb(env.DB);
}

/** A page fetched with another D1, waiting for its cache write as the runtime would. */
async function pageWithDb(path: string, db: D1Database) {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`${ORIGIN}${path}`, { headers: { 'User-Agent': 'Mozilla/5.0 (iPhone) Mobile' } }),
    { ...env, DB: db },
    ctx,
  );
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, text };
}

describe('edge cache and view counting', { timeout: 30_000 }, () => {
  const buffered = async (ownerId: string, kind: string) =>
    (await bufferedEvents(ownerId)).filter((event) => event.kind === kind).length;
  const viewEvents = (ownerId: string) => buffered(ownerId, 'view');

  it('serves the cached HTML until the card, its links, theme or template change, and shows each change at once', async () => {
    const owner = await createCard({ links: TEN_LINKS.slice(0, 2) });
    const path = `/p/${owner.username}`;
    expect((await page(path)).headers.get('X-Card-Cache')).toBe('MISS');
    expect((await page(path)).headers.get('X-Card-Cache')).toBe('HIT');

    const created = await api('/v1/user/links', {
      method: 'POST',
      token: owner.token,
      json: { title: 'Fresh link', url: 'https://fresh.example/' },
    });
    const fresh = await page(path);
    expect(fresh.headers.get('X-Card-Cache')).toBe('MISS');
    expect(fresh.text).toContain('Fresh link');
    expect((await page(path)).headers.get('X-Card-Cache')).toBe('HIT');

    const linkId = (created.body.link ?? created.body.data)?.id as number;
    await api(`/v1/user/links/${linkId}`, {
      method: 'PUT',
      token: owner.token,
      json: { title: 'Fresh link', url: 'https://fresh.example/', is_active: false },
    });
    expect((await page(path)).text).not.toContain('Fresh link');

    await api(`/v1/user/links/${linkId}`, { method: 'DELETE', token: owner.token });
    // Back to the state of the first render: that HTML is still right, so it may be served.
    const afterDelete = await page(path);
    expect(afterDelete.text).not.toContain('Fresh link');
    expect(afterDelete.text).toContain('https://www.linkedin.com/in/ada');

    await api('/v1/user/profile/theme', {
      method: 'PUT',
      token: owner.token,
      json: { theme_id: 5, custom_theme: null },
    });
    expect((await page(path)).text).toContain('--a:#ea580c');
    await api('/v1/user/profile/template', { method: 'PUT', token: owner.token, json: { template_id: 3 } });
    expect((await page(path)).text).toMatch(/<main id="card" class="card two pos-left"/);
    await postForm('/v1/user/profile/update', owner.token, {
      name: 'Renamed Person',
      username: owner.username,
      bio: 'New bio',
    });
    const renamed = await page(path);
    expect(renamed.text).toContain('<h1 dir="auto">Renamed Person</h1>');
    expect(renamed.text).toContain('New bio');
  });

  it('stores a page under the version it was drawn from, even when the card changes while it renders', async () => {
    const owner = await createCard({ themeId: 5 });
    const path = `/p/${owner.username}`;
    const seeded = await env.DB.prepare('SELECT accent_color AS accent FROM themes WHERE id = 5').first<{
      accent: string;
    }>();
    const recolour = (accent: string) =>
      env.DB.prepare('UPDATE themes SET accent_color = ? WHERE id = 5').bind(accent).run();
    try {
      // The preset is recoloured (A to B, as a re-seed would) while a first visit renders.
      const racing = await pageWithDb(
        path,
        dbChangedAfterFirstRead(() => recolour('#123456')),
      );
      expect(racing.status).toBe(200);
      expect((await page(path)).text).toContain('--a:#123456');
      // Back to A: the page shows A, not B's HTML stored under A's version.
      await recolour(seeded!.accent);
      const back = await page(path);
      expect(back.text).toContain(`--a:${seeded!.accent}`);
      expect(back.text).not.toContain('#123456');
    } finally {
      await recolour(seeded!.accent);
    }
  });

  it("counts every 200 view, cached or not, but not the owner's, a bot's, or a 403/404", async () => {
    const owner = await createCard();
    const path = `/p/${owner.username}`;
    await page(path);
    await page(path);
    expect(await viewEvents(owner.id)).toBe(2);
    await page(path, { headers: { Cookie: `${ACCESS_COOKIE}=${owner.token}` } });
    await page(path, { headers: { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' } });
    expect((await page(path, { method: 'HEAD' })).status).toBe(200);
    expect(await viewEvents(owner.id)).toBe(2);
    await page(`${path}.vcf`);
    await page(`/qr/${owner.username}`);
    expect(await viewEvents(owner.id)).toBe(2);
    // The vCard is a save of the contact, counted as one, never as a view.
    expect(await buffered(owner.id, 'save')).toBe(1);

    await postForm('/v1/user/profile/update', owner.token, {
      name: owner.name,
      username: owner.username,
      is_active: '0',
    });
    expect((await page(path)).status).toBe(403);
    expect(await viewEvents(owner.id)).toBe(2);
  });

  it('counts a scan of the QR code as the qr channel', async () => {
    const owner = await insertCard();
    await page(`/p/${owner.username}?src=qr`);
    const keys = (await bufferedKeys(owner.id)) as KVNamespaceListKey<{ s: string }>[];
    expect(keys.map((key) => key.metadata?.s)).toEqual(['qr']);
  });
});

describe('GET /qr/{username}', () => {
  it('serves the Fullscreen QR page with what the island needs', async () => {
    const owner = await insertCard({ name: 'Quinn Rivers' });
    const res = await page(`/qr/${owner.username}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('id="qr-page"');
    expect(res.text).toContain(`data-url="https://card.test/p/${owner.username}"`);
    expect(res.text).toContain(`data-username="${owner.username}"`);
    expect(res.text).toContain('<div id="qr-root"></div>');
    expect(res.text).toContain('<script type="module" src="/card/island.js">');
    // One span in the button: its sentence wraps as text, not as two flex items spaced twice.
    expect(res.text).toContain(
      `<a class="btn" href="/p/${owner.username}"><span>Back to <bdi>@${owner.username}</bdi></span></a>`,
    );
  });
});
