import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { LINK_TITLE_MAX, LINK_URL_MAX, LINKS_PER_USER_MAX } from '@shared/constants';
import { LINK_ICON_MESSAGE } from '@shared/schemas/links';
import { api, registerUser } from '../helpers';

let alice: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  [alice, bob] = await Promise.all([registerUser(), registerUser()]);
});

const create = (token: string | undefined, json: unknown) => api('/v1/user/links', { method: 'POST', token, json });
const linkRows = (userId: string) =>
  env.DB.prepare('SELECT * FROM links WHERE user_id = ? ORDER BY id')
    .bind(userId)
    .all()
    .then((r) => r.results);

describe('POST /v1/user/links', () => {
  it('creates a link with defaults and answers {success, link, message}', async () => {
    const res = await create(alice.token, {
      title: ' GitHub ',
      url: 'https://github.com/alice',
      icon: '/icons/github.svg',
      display_order: '2',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Link created successfully',
      link: {
        title: 'GitHub',
        url: 'https://github.com/alice',
        icon: '/icons/github.svg',
        display_order: 2,
        is_active: true,
      },
    });
    const [row] = (await linkRows(alice.id)).filter((link) => link.id === res.body.link.id);
    expect(row).toMatchObject({ title: 'GitHub', display_order: 2, is_active: 1, user_id: alice.id });
  });

  it('accepts mailto: and tel: links and coerces the order to an integer', async () => {
    const mail = await create(alice.token, { title: 'Mail', url: 'mailto:alice@example.com', display_order: 3.7 });
    expect(mail.status).toBe(201);
    expect(mail.body.link.display_order).toBe(3);
    const phone = await create(alice.token, { title: 'Call', url: 'tel:+15551234', is_active: false });
    expect(phone.body.link).toMatchObject({ url: 'tel:+15551234', is_active: false });
    // Forms send numbers as text; a decimal is truncated like a number is.
    const text = await create(alice.token, { title: 'Text', url: 'https://a.example', display_order: ' 2.7 ' });
    expect(text.status).toBe(201);
    expect(text.body.link.display_order).toBe(2);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const before = await linkRows(alice.id);
    const cases: [unknown, string, string][] = [
      [{ url: 'https://a.example' }, 'title', 'Title is required'],
      [{ title: '   ', url: 'https://a.example' }, 'title', 'Title is required'],
      [
        { title: 't'.repeat(LINK_TITLE_MAX + 1), url: 'https://a.example' },
        'title',
        'Title must be at most 100 characters',
      ],
      [{ title: 'X' }, 'url', 'URL is required'],
      [{ title: 'X', url: 'javascript:alert(1)' }, 'url', 'URL must start with http://, https://, mailto: or tel:'],
      [{ title: 'X', url: 'data:text/html,hi' }, 'url', 'URL must start with http://, https://, mailto: or tel:'],
      [{ title: 'X', url: 'github.com/alice' }, 'url', 'URL must start with http://, https://, mailto: or tel:'],
      [
        { title: 'X', url: `https://a.example/${'a'.repeat(LINK_URL_MAX)}` },
        'url',
        'URL must be at most 2048 characters',
      ],
      [{ title: 'X', url: 'https://a.example', display_order: -1 }, 'display_order', 'Display order must be 0 or more'],
      [
        { title: 'X', url: 'https://a.example', display_order: 'soon' },
        'display_order',
        'Display order must be a number',
      ],
      [{ title: 'X', url: 'https://a.example', icon: 'javascript:alert(1)' }, 'icon', LINK_ICON_MESSAGE],
      [{ title: 'X', url: 'https://a.example', icon: '//evil.example/x.svg' }, 'icon', LINK_ICON_MESSAGE],
      [{ title: 'X', url: 'https://a.example', is_active: 'perhaps' }, 'is_active', 'is_active must be true or false'],
      [
        { title: 'X', url: 'https://a.example', display_order: '-1' },
        'display_order',
        'Display order must be 0 or more',
      ],
      // Values that are not a number must never be read as 0 or 1.
      ...[null, '', '  ', true, false, [5], {}, '5 apples', '0x10', 'Infinity'].map(
        (display_order): [unknown, string, string] => [
          { title: 'X', url: 'https://a.example', display_order },
          'display_order',
          'Display order must be a number',
        ],
      ),
    ];
    for (const [body, field, message] of cases) {
      const res = await create(alice.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.success).toBe(false);
      expect(res.body.errors[field], JSON.stringify(body)).toContain(message);
    }
    expect(await linkRows(alice.id)).toEqual(before);
  });

  it('refuses a body over 16 KB with 413 and stores nothing', async () => {
    const before = await linkRows(alice.id);
    const res = await create(alice.token, { title: 'Big', url: 'https://a.example', padding: 'x'.repeat(17 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, message: 'The request body is too large.' });
    expect(await linkRows(alice.id)).toEqual(before);
  });

  it(`allows at most ${LINKS_PER_USER_MAX} links`, async () => {
    const user = await registerUser();
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: LINKS_PER_USER_MAX - 1 }, (_, i) =>
        env.DB.prepare(
          'INSERT INTO links (user_id, title, url, display_order, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
        ).bind(user.id, `L${i}`, 'https://a.example', i, now, now),
      ),
    );
    const last = await create(user.token, { title: 'Last', url: 'https://a.example' });
    expect(last.status).toBe(201);
    expect(last.body.link.display_order).toBe(LINKS_PER_USER_MAX - 1);
    const over = await create(user.token, { title: 'One more', url: 'https://a.example' });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe('You can have at most 100 links');
    expect(await linkRows(user.id)).toHaveLength(LINKS_PER_USER_MAX);
  });
});

describe('GET /v1/user/links', () => {
  it('lists only my links, sorted by display_order then id', async () => {
    const user = await registerUser();
    for (const [title, order] of [
      ['c', 5],
      ['a', 0],
      ['b', 5],
      ['z', 1],
    ] as const) {
      await create(user.token, { title, url: 'https://a.example', display_order: order });
    }
    await create(bob.token, { title: 'Bob only', url: 'https://b.example' });
    const res = await api('/v1/user/links?all=true', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.map((link: { title: string }) => link.title)).toEqual(['a', 'z', 'c', 'b']);
  });
});

describe('PUT and DELETE /v1/user/links/:id', () => {
  it('updates the given fields and keeps the others', async () => {
    const { body } = await create(alice.token, { title: 'Old', url: 'https://old.example', icon: '/icons/gitlab.svg' });
    const res = await api(`/v1/user/links/${body.link.id}`, {
      method: 'PUT',
      token: alice.token,
      json: { title: 'New', url: 'https://new.example', is_active: false, display_order: 9 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Link updated successfully',
      link: {
        id: body.link.id,
        title: 'New',
        url: 'https://new.example',
        icon: '/icons/gitlab.svg',
        is_active: false,
        display_order: 9,
      },
    });
    const row = await env.DB.prepare('SELECT * FROM links WHERE id = ?').bind(body.link.id).first();
    expect(row).toMatchObject({ title: 'New', is_active: 0, display_order: 9 });

    const bad = await api(`/v1/user/links/${body.link.id}`, {
      method: 'PUT',
      token: alice.token,
      json: { url: 'javascript:alert(1)' },
    });
    expect(bad.status).toBe(422);
    expect(await env.DB.prepare('SELECT * FROM links WHERE id = ?').bind(body.link.id).first()).toEqual(row);
  });

  it('refuses bad input with the documented messages and leaves the row unchanged', async () => {
    const { body } = await create(alice.token, { title: 'Keep', url: 'https://keep.example', display_order: 4 });
    const row = () => env.DB.prepare('SELECT * FROM links WHERE id = ?').bind(body.link.id).first();
    const before = await row();
    const scheme = 'URL must start with http://, https://, mailto: or tel:';
    const cases: [unknown, string, string][] = [
      [{ title: '' }, 'title', 'Title is required'],
      [{ title: '   ' }, 'title', 'Title is required'],
      [{ title: 't'.repeat(LINK_TITLE_MAX + 1) }, 'title', `Title must be at most ${LINK_TITLE_MAX} characters`],
      [{ display_order: -1 }, 'display_order', 'Display order must be 0 or more'],
      [{ display_order: null }, 'display_order', 'Display order must be a number'],
      [{ display_order: true }, 'display_order', 'Display order must be a number'],
      [{ url: 'javascript:alert(1)' }, 'url', scheme],
      [{ url: 'data:text/html,<script>alert(1)</script>' }, 'url', scheme],
      [{ title: 'Fine', url: 'JavaScript:alert(1)' }, 'url', scheme],
    ];
    for (const [json, field, message] of cases) {
      const res = await api(`/v1/user/links/${body.link.id}`, { method: 'PUT', token: alice.token, json });
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(res.body.success).toBe(false);
      expect(res.body.errors[field], JSON.stringify(json)).toEqual([message]);
    }
    expect(await row()).toEqual(before);
  });

  it('refuses a body that is not UTF-8 instead of storing U+FFFD in place of its letters', async () => {
    const { body } = await create(alice.token, { title: 'Cafe', url: 'https://cafe.example' });
    const before = await linkRows(alice.id);
    // "Café" as a Latin-1 client sends it: é is the single byte 0xE9.
    const latin1 = Uint8Array.from([...'{"title":"Caf'].map((ch) => ch.charCodeAt(0)).concat(0xe9, 0x22, 0x7d));
    for (const method of ['PUT', 'POST']) {
      const path = method === 'PUT' ? `/v1/user/links/${body.link.id}` : '/v1/user/links';
      const res = await api(path, {
        method,
        token: alice.token,
        headers: { 'Content-Type': 'application/json' },
        body: latin1,
      });
      expect(res.status, method).toBe(400);
      expect(res.body).toEqual({ success: false, message: 'The request body is malformed.' });
    }
    expect(await linkRows(alice.id)).toEqual(before);
  });

  it("answers 404 for another user's link and a missing one, changing nothing", async () => {
    const { body } = await create(bob.token, { title: 'Bob', url: 'https://bob.example' });
    const before = await linkRows(bob.id);
    const put = await api(`/v1/user/links/${body.link.id}`, {
      method: 'PUT',
      token: alice.token,
      json: { title: 'Mine' },
    });
    expect(put.status).toBe(404);
    expect(put.body).toEqual({ success: false, message: 'Link not found' });
    expect((await api(`/v1/user/links/${body.link.id}`, { method: 'DELETE', token: alice.token })).status).toBe(404);
    expect((await api('/v1/user/links/999999', { method: 'DELETE', token: alice.token })).status).toBe(404);
    expect((await api('/v1/user/links/abc', { method: 'DELETE', token: alice.token })).status).toBe(404);
    expect(await linkRows(bob.id)).toEqual(before);
  });

  it('reads only plain decimal ids: 0x10, 1e1, 07 or a padded id names no link and changes nothing', async () => {
    const { body } = await create(alice.token, { title: 'Kept', url: 'https://kept.example' });
    const id = body.link.id as number;
    const before = await linkRows(alice.id);
    for (const alias of [`0x${id.toString(16)}`, `${id}.0`, `+${id}`, `%20${id}`, `0${id}`, `${id}e0`]) {
      const put = await api(`/v1/user/links/${alias}`, {
        method: 'PUT',
        token: alice.token,
        json: { title: 'Hijack' },
      });
      expect(put.status, alias).toBe(404);
      expect(put.body).toEqual({ success: false, message: 'Link not found' });
      expect((await api(`/v1/user/links/${alias}`, { method: 'DELETE', token: alice.token })).status, alias).toBe(404);
    }
    expect(await linkRows(alice.id)).toEqual(before);
  });

  it('deletes my link', async () => {
    const { body } = await create(alice.token, { title: 'Gone', url: 'https://gone.example' });
    const res = await api(`/v1/user/links/${body.link.id}`, { method: 'DELETE', token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Link deleted successfully' });
    expect(await env.DB.prepare('SELECT id FROM links WHERE id = ?').bind(body.link.id).first()).toBeNull();
  });

  it('answers 401 to anonymous requests', async () => {
    expect((await api('/v1/user/links?all=true')).status).toBe(401);
    expect((await create(undefined, { title: 'X', url: 'https://a.example' })).status).toBe(401);
    expect((await api('/v1/user/links/1', { method: 'PUT', json: { title: 'X' } })).status).toBe(401);
    expect((await api('/v1/user/links/1', { method: 'DELETE' })).status).toBe(401);
  });
});

describe('PUT /v1/user/links/order', () => {
  const order = (token: string | undefined, json: unknown) =>
    api('/v1/user/links/order', { method: 'PUT', token, json });

  it('puts my links in the given order and answers them so', async () => {
    const owner = await registerUser();
    const ids: number[] = [];
    for (const title of ['First', 'Second', 'Third']) {
      const res = await create(owner.token, { title, url: `https://example.com/${title}` });
      ids.push(res.body.link.id as number);
    }
    const res = await order(owner.token, { ids: [ids[2], ids[0], ids[1]] });
    expect(res.status).toBe(200);
    expect(res.body.data.map((link: { title: string }) => link.title)).toEqual(['Third', 'First', 'Second']);
    const listed = await api('/v1/user/links', { token: owner.token });
    expect(
      listed.body.data.map((link: { title: string; display_order: number }) => [link.title, link.display_order]),
    ).toEqual([
      ['Third', 0],
      ['First', 1],
      ['Second', 2],
    ]);
  });

  it('refuses a missing, repeated, unknown or malformed id with a clear message and changes nothing', async () => {
    const owner = await registerUser();
    const a = (await create(owner.token, { title: 'A', url: 'https://example.com/a' })).body.link.id as number;
    const b = (await create(owner.token, { title: 'B', url: 'https://example.com/b' })).body.link.id as number;
    const before = await linkRows(owner.id);
    for (const body of [{ ids: [a] }, { ids: [a, a] }, { ids: [a, b, 999_999] }, { ids: ['x'] }, { ids: 'a,b' }, {}]) {
      const res = await order(owner.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.success).toBe(false);
      expect(res.body.errors?.ids, JSON.stringify(res.body)).toEqual([
        'The order must list each of your links exactly once',
      ]);
    }
    expect(await linkRows(owner.id)).toEqual(before);
  });

  it("cannot touch another user's links", async () => {
    const mine = (await create(alice.token, { title: 'Mine', url: 'https://example.com/mine' })).body.link.id as number;
    const before = await linkRows(alice.id);
    const bobs = (await api('/v1/user/links', { token: bob.token })).body.data.map((link: { id: number }) => link.id);
    const res = await order(bob.token, { ids: [...bobs, mine] });
    expect(res.status).toBe(422);
    expect(await linkRows(alice.id)).toEqual(before);
    expect((await order(undefined, { ids: [mine] })).status).toBe(401);
  });
});

describe('POST /v1/user/links/:id/restore (Undo)', () => {
  const restore = (token: string | undefined, id: number) =>
    api(`/v1/user/links/${id}/restore`, { method: 'POST', token, json: {} });

  it('brings a deleted link back as it was: its id, order, settings and clicks', async () => {
    const { body } = await create(alice.token, { title: 'Undo me', url: 'https://undo.example', display_order: 7 });
    const id = body.link.id as number;
    await env.DB.prepare('UPDATE links SET clicks = 42, is_active = 0 WHERE id = ?').bind(id).run();
    expect((await api(`/v1/user/links/${id}`, { method: 'DELETE', token: alice.token })).status).toBe(200);

    const res = await restore(alice.token, id);
    expect(res.body).toMatchObject({ success: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Link restored',
      link: { id, title: 'Undo me', url: 'https://undo.example', display_order: 7, is_active: false, clicks: 42 },
    });
    const row = await env.DB.prepare('SELECT user_id, clicks FROM links WHERE id = ?').bind(id).first();
    expect(row).toEqual({ user_id: alice.id, clicks: 42 });
    // A second Undo changes nothing and answers the link.
    const again = await restore(alice.token, id);
    expect(again.status).toBe(200);
    expect(await linkRows(alice.id).then((rows) => rows.filter((r) => r.id === id))).toHaveLength(1);
  });

  it("cannot bring back another user's link, a link never deleted or one never there", async () => {
    const { body } = await create(alice.token, { title: 'Mine', url: 'https://mine.example' });
    const id = body.link.id as number;
    await api(`/v1/user/links/${id}`, { method: 'DELETE', token: alice.token });
    const bobs = await restore(bob.token, id);
    expect(bobs.status).toBe(404);
    expect(bobs.body.message).toBe('Link not found');
    expect(await env.DB.prepare('SELECT id FROM links WHERE id = ?').bind(id).first()).toBeNull();

    const live = await create(bob.token, { title: 'Live', url: 'https://live.example' });
    expect((await restore(bob.token, live.body.link.id)).status).toBe(404);
    expect((await restore(bob.token, 99_999_999)).status).toBe(404);
    expect((await api('/v1/user/links/abc/restore', { method: 'POST', token: bob.token, json: {} })).status).toBe(404);
    expect((await restore(undefined, id)).status).toBe(401);
    // Alice still can.
    expect((await restore(alice.token, id)).status).toBe(200);
  });

  it(`keeps to ${LINKS_PER_USER_MAX} links`, async () => {
    const user = await registerUser();
    const { body } = await create(user.token, { title: 'First', url: 'https://first.example' });
    await api(`/v1/user/links/${body.link.id}`, { method: 'DELETE', token: user.token });
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: LINKS_PER_USER_MAX }, (_, i) =>
        env.DB.prepare(
          'INSERT INTO links (user_id, title, url, display_order, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
        ).bind(user.id, `L${i}`, 'https://a.example', i, now, now),
      ),
    );
    const over = await restore(user.token, body.link.id);
    expect(over.status).toBe(422);
    expect(over.body.message).toBe('You can have at most 100 links');
    expect(await linkRows(user.id)).toHaveLength(LINKS_PER_USER_MAX);
  });
});
