import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../../worker/index';
import type { Bindings } from '../../../worker/env';
import { apiWith } from '../auth-helpers';
import { downD1, downR2, failingKvWrites, flakyD1Reads } from '../failing-parts';
import { ORIGIN, registerUser } from '../helpers';
import { createCard } from '../page-helpers';
import { bufferedKeys, UA } from '../services/events-helpers';

// Each part of the platform failing once (README, When a part fails): the visitor and the owner
// get a clear answer, never a 500 or a stack, and nothing is counted twice or stored halfway.

const PHONE = { 'User-Agent': UA.iphone, 'CF-Connecting-IP': '198.51.100.44', 'Sec-Fetch-Dest': 'document' };

/** The card page as the runtime serves it, with some bindings replaced; the error log lines too. */
async function cardWith(overrides: Partial<Bindings>, username: string, headers: Record<string, string> = PHONE) {
  const errors: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => {
    errors.push(String(line));
  });
  try {
    const ctx = createExecutionContext();
    const request = new Request(`${ORIGIN}/p/${username}`, { headers }) as Request<
      unknown,
      IncomingRequestCfProperties
    >;
    const res = await worker.fetch(request, { ...env, ...overrides }, ctx);
    const text = await res.text();
    await waitOnExecutionContext(ctx);
    return { status: res.status, headers: res.headers, text, errors };
  } finally {
    spy.mockRestore();
  }
}

describe('when D1 is down', { timeout: 30_000 }, () => {
  it('serves the last page of a card it drew, marked stale and not counted; a card never drawn answers 503', async () => {
    const card = await createCard({ name: 'Stale Card', links: 2 });
    const fresh = await cardWith({}, card.username);
    expect(fresh.status).toBe(200);
    const before = (await bufferedKeys(card.id)).length;

    const stale = await cardWith({ DB: downD1() }, card.username);
    expect(stale.status).toBe(200);
    expect(stale.text).toContain('Stale Card');
    expect(stale.headers.get('X-Card-Cache')).toBe('STALE');
    expect(Number(stale.headers.get('Age'))).toBeGreaterThanOrEqual(0);
    expect(Number(stale.headers.get('Age'))).toBeLessThan(60);
    expect(stale.headers.get('Cache-Control')).toBe('no-store');
    expect((await bufferedKeys(card.id)).length).toBe(before);
    expect(stale.errors.some((line) => line.includes('"dropped":true') && line.includes('database unavailable'))).toBe(
      true,
    );

    const never = await createCard({ name: 'Never Drawn' });
    const down = await cardWith({ DB: downD1() }, never.username);
    expect(down.status).toBe(503);
    expect(down.headers.get('Retry-After')).toBe('30');
    expect(down.text).toContain('Briefly unavailable');
    expect(down.text).not.toContain('Never Drawn');
    expect(down.text).not.toMatch(/D1_ERROR|at .*\.ts|stack/i);
    // The spec's error state: what happened, and its two ways on, in the visitor's language.
    expect(down.text).toContain('This card cannot be shown right now. Please try again in a minute.');
    expect(down.text).toMatch(/<a class="btn primary" href="">Try Again<\/a>/);
    expect(down.text).toMatch(/<a class="btn" href="\/">Go Home<\/a>/);
    const inSpanish = await cardWith({ DB: downD1() }, never.username, { ...PHONE, 'Accept-Language': 'es-ES' });
    expect(inSpanish.status).toBe(503);
    expect(inSpanish.text).toContain('<html lang="es"');
    expect(inSpanish.text).toMatch(/<a class="btn primary" href="">Reintentar<\/a>/);
    expect(inSpanish.text).toMatch(/<a class="btn" href="\/">Ir al inicio<\/a>/);
  });

  it('answers a read that fails for any other reason with the same page as a 500, never the JSON of the API', async () => {
    const card = await createCard({ name: 'Broken Read' });
    const broken = await cardWith({ DB: downD1('D1_ERROR: no such column: x') }, card.username);
    expect(broken.status).toBe(500);
    expect(broken.headers.get('Content-Type')).toContain('text/html');
    expect(broken.text).toContain('Something went wrong');
    expect(broken.text).toContain('Try Again');
    expect(broken.text).toContain('Go Home');
    expect(broken.text).not.toMatch(/no such column|"success"/);
    expect(broken.errors.some((line) => line.includes('card read failed'))).toBe(true);
  });

  it('answers every /v1 call 503 JSON with Retry-After, reads and writes alike', async () => {
    const user = await registerUser();
    for (const [path, init] of [
      ['/v1/user/profile', {}],
      ['/v1/user/links', { method: 'POST', json: { title: 'Site', url: 'https://a.example' } }],
      ['/v1/auth/login', { method: 'POST', json: { email: user.email, password: user.password } }],
    ] as const) {
      const res = await apiWith({ DB: downD1() }, path, { token: user.token, ...init });
      expect(res.status, path).toBe(503);
      expect(res.headers.get('Retry-After'), path).toBe('30');
      expect(res.body, path).toEqual({
        success: false,
        message: 'The service is briefly unavailable. Please try again in a minute.',
      });
    }
  });
});

describe('when the databases have no schema yet', { timeout: 30_000 }, () => {
  it('answers 503 with Retry-After and says the service is being set up: a Worker deployed before its migrations ran', async () => {
    const login = await apiWith({ DB: env.UNMIGRATED }, '/v1/auth/login', {
      method: 'POST',
      json: { email: 'someone@example.com', password: 'a password of some length' },
    });
    expect(login.status).toBe(503);
    expect(login.headers.get('Retry-After')).toBe('30');
    expect(login.body).toEqual({
      success: false,
      message: 'The service is being set up: its database is not ready yet. Please try again in a few minutes.',
    });
    const card = await cardWith({ DB: env.UNMIGRATED }, 'someone');
    expect(card.status).toBe(503);
    expect(card.headers.get('Retry-After')).toBe('30');
    expect(card.text).toContain('This card cannot be shown right now. Please try again in a minute.');
    expect(card.text).not.toMatch(/no such table|D1_ERROR/i);
  });
});

describe('when D1 fails for a moment', { timeout: 30_000 }, () => {
  it('a read that fails once is tried again and answers as usual', async () => {
    const user = await registerUser({ name: 'Read Twice' });
    const db = flakyD1Reads(env.DB, 1);
    const res = await apiWith({ DB: db }, '/v1/user/profile', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Read Twice');
    expect(db.failures).toBe(1);
  });
});

describe('when KV is down', { timeout: 30_000 }, () => {
  it('a view whose write fails once is written on the retry, once', async () => {
    const card = await createCard();
    const kv = failingKvWrites(env.EVENTS, 1);
    const res = await cardWith({ EVENTS: kv }, card.username);
    expect(res.status).toBe(200);
    expect(kv.failures).toBe(1);
    expect(await bufferedKeys(card.id)).toHaveLength(1);
  });

  it('a view whose writes keep failing still shows the card, and is logged as dropped', async () => {
    const card = await createCard({ name: 'Shown Anyway' });
    const res = await cardWith({ EVENTS: failingKvWrites(env.EVENTS) }, card.username, {
      ...PHONE,
      'CF-Connecting-IP': '198.51.100.45',
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Shown Anyway');
    expect(await bufferedKeys(card.id)).toHaveLength(0);
    expect(res.errors.some((line) => line.includes('"event":"view"') && line.includes('"dropped":true'))).toBe(true);
  });
});

describe('when R2 is down', { timeout: 30_000 }, () => {
  it('a photo answers 503 with Retry-After, and the card draws the initials under it', async () => {
    const card = await createCard({ name: 'Grace Hopper', avatar: true });
    const page = await cardWith({}, card.username);
    const photo = /https:\/\/card\.test(\/media\/avatars\/[^" ]+\.avif)/.exec(page.text)?.[1];
    expect(photo).toBeDefined();
    // The initials sit under the photo, so a photo that fails to load shows them.
    expect(page.text).toMatch(/<div class="av"[^>]*><svg viewBox="0 0 96 96"[^>]*>.*?GH<\/text><\/svg><picture/s);
    const res = await apiWith({ MEDIA: downR2() }, photo!);
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('30');
    expect(res.text).toBe('Briefly unavailable');
  });
});
