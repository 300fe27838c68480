import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, registerUser } from '../helpers';

// HTTP as the protocol says: a JSON route refuses a body that is not JSON (415) instead of
// reading it as `{}`, and a known path asked with a method it lacks answers 405 with Allow.
const NOT_JSON = 'The request body must be JSON (Content-Type: application/json).';

describe('JSON routes refuse bodies that are not JSON', { timeout: 30_000 }, () => {
  it('PUT /v1/user/links/{id} with text/plain: 415, and the link is unchanged', async () => {
    const user = await registerUser();
    const created = await api('/v1/user/links', {
      method: 'POST',
      token: user.token,
      json: { title: 'Website', url: 'https://example.com' },
    });
    const id = created.body.link.id as number;
    const res = await api(`/v1/user/links/${id}`, {
      method: 'PUT',
      token: user.token,
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ title: 'Changed' }),
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ success: false, message: NOT_JSON });
    const row = await env.DB.prepare('SELECT title FROM links WHERE id = ?').bind(id).first<{ title: string }>();
    expect(row?.title).toBe('Website');
  });

  it.each([
    ['POST', '/v1/auth/login', 'text/plain'],
    ['POST', '/v1/auth/register', 'application/x-www-form-urlencoded'],
    ['POST', '/v1/user/links', 'multipart/form-data; boundary=x'],
    ['PUT', '/v1/user/profile/theme', 'text/plain;charset=UTF-8'],
    ['PUT', '/v1/user/profile/template', ''],
    ['POST', '/v1/user/security/password', 'text/ping'],
  ])('%s %s with %j: 415', async (method, path, type) => {
    const user = await registerUser();
    const headers: Record<string, string> = type ? { 'Content-Type': type } : {};
    const res = await api(path, { method, token: user.token, headers, body: '{"title":"x"}' });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(NOT_JSON);
  });

  it('accepts JSON with a charset and the +json types', async () => {
    const user = await registerUser();
    for (const type of ['application/json; charset=utf-8', 'application/merge-patch+json']) {
      const res = await api('/v1/user/links', {
        method: 'POST',
        token: user.token,
        headers: { 'Content-Type': type },
        body: JSON.stringify({ title: 'Site', url: 'https://example.com' }),
      });
      expect(res.status).toBe(201);
    }
  });

  it('does not ask the click endpoint or bodiless calls for JSON', async () => {
    const user = await registerUser();
    const created = await api('/v1/user/links', {
      method: 'POST',
      token: user.token,
      json: { title: 'Site', url: 'https://example.com' },
    });
    expect((await api(`/v1/link/${created.body.link.id}/click`)).status).toBe(204);
    const removed = await api(`/v1/user/links/${created.body.link.id}`, { method: 'DELETE', token: user.token });
    expect(removed.status).toBe(200);
  });
});

describe('a wrong method', { timeout: 30_000 }, () => {
  it.each([
    ['GET', '/v1/auth/login', 'POST'],
    ['DELETE', '/v1/user/links', 'GET, HEAD, POST'],
    ['PATCH', '/v1/user/links/12', 'PUT, DELETE'],
    ['POST', '/v1/user/stats', 'GET, HEAD'],
    ['PUT', '/v1/user/sessions', 'GET, HEAD, DELETE'],
    ['POST', '/media/avatars/x.png', 'GET, HEAD'],
  ])('%s %s: 405 with Allow %s', async (method, path, allow) => {
    // Signed in: an anonymous call to a protected path is told to sign in first (401).
    const user = await registerUser();
    const res = await api(path, { method, token: user.token });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe(allow);
    expect(res.body).toEqual({ success: false, message: 'Method not allowed' });
  });

  it('a known path with a trailing slash is 404, never a 405 that allows the very method sent', async () => {
    const user = await registerUser();
    for (const [method, path] of [
      ['GET', '/v1/user/profile/'],
      ['GET', '/v1/user/links/'],
      ['POST', '/v1/user/links/'],
      ['GET', '/v1/p/someone/'],
    ] as const) {
      const res = await api(path, { method, token: user.token, ...(method === 'POST' ? { json: {} } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('Allow')).toBeNull();
      expect(res.body).toEqual({ success: false, message: 'Not found' });
    }
  });

  it('an unknown path is still 404', async () => {
    const res = await api('/v1/no-such-thing', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(res.headers.get('Allow')).toBeNull();
  });
});
