import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, registerUser } from '../helpers';
import { postForm } from '../images';

// Control characters and unpaired surrogates cannot be typed into a form, only sent by a
// script; what is stored (and later drawn on the card and written to the vCard) is clean text.
describe('text a script sends with control characters', () => {
  it('register: a name loses its NUL, its line break becomes a space, a lone surrogate is replaced', async () => {
    const user = await registerUser({ name: 'Ada\u0000 Love\nlace \uD800' });
    const row = await env.DB.prepare('SELECT name FROM profiles WHERE user_id = ?')
      .bind(user.id)
      .first<{ name: string }>();
    expect(row?.name).toBe('Ada Love lace \uFFFD');
  });

  it('profile update: the bio keeps its lines and tabs but not an escape or a bell', async () => {
    const user = await registerUser();
    const res = await postForm('/v1/user/profile/update', user.token, {
      name: 'Grace\u001b[31m Hopper',
      username: user.username,
      bio: '\u0007Line one\r\nLine\ttwo\u007f',
    });
    expect(res.status).toBe(200);
    const row = await env.DB.prepare('SELECT name, bio FROM profiles WHERE user_id = ?')
      .bind(user.id)
      .first<{ name: string; bio: string }>();
    expect(row).toEqual({ name: 'Grace[31m Hopper', bio: 'Line one\nLine\ttwo' });
  });

  it('links: a title of control characters only is refused as empty; otherwise they go', async () => {
    const user = await registerUser();
    const empty = await api('/v1/user/links', {
      method: 'POST',
      token: user.token,
      json: { title: '\u0000\u0001', url: 'https://example.com', display_order: 0 },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ title: ['Title is required'] });

    const created = await api('/v1/user/links', {
      method: 'POST',
      token: user.token,
      json: { title: 'My\u0000 site\r\n', url: 'https://example.com', display_order: 0 },
    });
    expect(created.status).toBe(201);
    expect(created.body.link.title).toBe('My site');
    const rows = await env.DB.prepare('SELECT title FROM links WHERE user_id = ?').bind(user.id).all();
    expect(rows.results).toEqual([{ title: 'My site' }]);
  });
});
