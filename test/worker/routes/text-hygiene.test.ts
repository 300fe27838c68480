import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, newAccount, registerUser } from '../helpers';
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

// Invisible and direction-changing characters can make a name look empty or like someone
// else's: a right-to-left override turns 'Ada\u202Egnp.exe' into what reads as 'Adaexe.png'.
describe('invisible and bidirectional characters', { timeout: 30_000 }, () => {
  it('register: two zero-width spaces are not a two-character name, and nothing is stored', async () => {
    const before = await env.DB.prepare('SELECT count(*) AS n FROM users').first<{ n: number }>();
    for (const name of ['\u200B\u200B', '\u200D\u200C', 'A\u2060', '\uFEFF\u202E']) {
      const res = await api('/v1/auth/register', {
        method: 'POST',
        json: { ...newAccount(), name },
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ name: ['Name must be at least 2 characters'] });
    }
    const after = await env.DB.prepare('SELECT count(*) AS n FROM users').first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });

  it('register and profile update: bidirectional controls are dropped from names and bios', async () => {
    const user = await registerUser({ name: 'Ada\u202Egnp.exe\u202C Lovelace' });
    const res = await postForm('/v1/user/profile/update', user.token, {
      name: '\u2067Grace\u2069 \u200EHopper\u200F',
      username: user.username,
      bio: 'Admiral\u202D of\u2066 the\u061C Navy',
    });
    expect(res.status).toBe(200);
    const row = await env.DB.prepare('SELECT name, bio FROM profiles WHERE user_id = ?')
      .bind(user.id)
      .first<{ name: string; bio: string }>();
    expect(row).toEqual({ name: 'Grace Hopper', bio: 'Admiral of the Navy' });
    const registered = await registerUser({ name: 'Ada\u202Egnp.exe\u202C Lovelace' });
    const first = await env.DB.prepare('SELECT name FROM profiles WHERE user_id = ?')
      .bind(registered.id)
      .first<{ name: string }>();
    expect(first?.name).toBe('Adagnp.exe Lovelace');
  });

  it('names and titles that only look blank are refused; a subdivision flag keeps its tags', async () => {
    const blanks = [
      '\u3164\u3164',
      '\u2800\u2800',
      '\u115F\u1160',
      '\uFFA0\uFFA0',
      '\u{E0041}\u{E0042}',
      '\uFFF9\uFFFB',
      '\u034F\u034F',
      '\u17B4\u17B5',
    ];
    for (const name of blanks) {
      const res = await api('/v1/auth/register', { method: 'POST', json: { ...newAccount(), name } });
      expect(res.status, JSON.stringify(name)).toBe(422);
      expect(res.body.errors).toEqual({ name: ['Name must be at least 2 characters'] });
    }
    const user = await registerUser();
    for (const title of blanks) {
      const res = await api('/v1/user/links', {
        method: 'POST',
        token: user.token,
        json: { title, url: 'https://example.com' },
      });
      expect(res.status, JSON.stringify(title)).toBe(422);
      expect(res.body.errors).toEqual({ title: ['Title is required'] });
    }
    const updated = await postForm('/v1/user/profile/update', user.token, {
      name: '\u3164\u2800',
      username: user.username,
    });
    expect(updated.status).toBe(422);
    expect(updated.body.errors).toEqual({ name: ['Name must be at least 2 characters'] });
    // Around visible text they are dropped; the flag of Wales keeps its tag letters.
    const wales = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}';
    const kept = await api('/v1/user/links', {
      method: 'POST',
      token: user.token,
      json: { title: `\u3164Cymru\u{E0020} ${wales}\u2800`, url: 'https://example.com' },
    });
    expect(kept.status).toBe(201);
    expect(kept.body.link.title).toBe(`Cymru ${wales}`);
  });

  it('links: a title of invisible characters is empty; joiners inside an emoji stay', async () => {
    const user = await registerUser();
    const empty = await api('/v1/user/links', {
      method: 'POST',
      token: user.token,
      json: { title: '\u200B\u202E\u2066', url: 'https://example.com' },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ title: ['Title is required'] });
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    const created = await api('/v1/user/links', {
      method: 'POST',
      token: user.token,
      json: { title: `\u200D${family} blog\u202E`, url: 'https://example.com' },
    });
    expect(created.status).toBe(201);
    expect(created.body.link.title).toBe(`${family} blog`);
  });
});
