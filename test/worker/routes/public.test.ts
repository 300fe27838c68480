import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, registerUser } from '../helpers';
import { file, imageBytes, postForm } from '../images';

let owner: Awaited<ReturnType<typeof registerUser>>;
let links: Record<string, number>;

const create = async (title: string, order: number, is_active = true) => {
  const res = await api('/v1/user/links', {
    method: 'POST',
    token: owner.token,
    json: {
      title,
      url: `https://${title.toLowerCase()}.example`,
      icon: '/icons/github.svg',
      display_order: order,
      is_active,
    },
  });
  return res.body.link.id as number;
};

beforeAll(async () => {
  owner = await registerUser({ name: 'Card Owner' });
  await postForm('/v1/user/profile/update', owner.token, {
    name: 'Card Owner',
    username: owner.username,
    bio: 'Hello there',
  });
  await postForm('/v1/user/profile/avatar', owner.token, {
    avatar: file(await imageBytes('png'), 'a.png', 'image/png'),
  });
  await api('/v1/user/profile/theme', { method: 'PUT', token: owner.token, json: { theme_id: 2, custom_theme: null } });
  links = {
    second: await create('Second', 2),
    first: await create('First', 1),
    hidden: await create('Hidden', 0, false),
  };
});

describe('GET /v1/p/:username', () => {
  it('answers the public card, case-insensitively, with only active links in order', async () => {
    const res = await api(`/v1/p/${owner.username.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const card = res.body.data;
    expect(Object.keys(card).sort()).toEqual(
      [
        'avatar',
        'avatar_url',
        'avatar_placeholder',
        'background_tones',
        'bio',
        'contact_exchange',
        'language',
        'cover_image_url',
        'cover_placeholder',
        'custom_theme',
        'links',
        'logo_url',
        'name',
        // The business card's fields: '' when not given; the account's e-mail is never here.
        'job_title',
        'company',
        'phone',
        'phone_display',
        'public_email',
        'location',
        'pronouns',
        'template',
        'theme',
        'username',
      ].sort(),
    );
    expect(card).toMatchObject({
      name: 'Card Owner',
      username: owner.username,
      bio: 'Hello there',
      cover_image_url: null,
      cover_placeholder: null,
      custom_theme: null,
      theme: { id: 2, name: 'Midnight', accent_color: '#38bdf8' },
      template: { id: 1, name: 'Classic', config: { layout: 'single-column' } },
    });
    expect(card.avatar_url).toMatch(/\/media\/avatars\/[0-9a-f]{32}\/[0-9a-f]{32}\/384\.jpg$/);
    expect(card.avatar_placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(card.links).toEqual([
      { id: links.first, title: 'First', url: 'https://first.example', icon: '/icons/github.svg', display_order: 1 },
      { id: links.second, title: 'Second', url: 'https://second.example', icon: '/icons/github.svg', display_order: 2 },
    ]);
  });

  it('never contains the e-mail, the user id or other private fields', async () => {
    const res = await api(`/v1/p/${owner.username}`);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(owner.email);
    expect(text).not.toContain(owner.id);
    for (const field of ['password', 'hash', 'email', 'status', 'is_active', 'views', 'clicks', 'user_id']) {
      expect(text).not.toContain(`"${field}"`);
    }
  });

  it('answers 403 saying the profile is private when the card is private', async () => {
    const user = await registerUser();
    await postForm('/v1/user/profile/update', user.token, { name: user.name, username: user.username, is_active: '0' });
    const res = await api(`/v1/p/${user.username}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, message: 'This profile is private' });
    expect(JSON.stringify(res.body)).not.toContain(user.email);
  });

  it('answers 404 for a card that does not exist', async () => {
    const res = await api('/v1/p/nobody_here_at_all');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Profile not found' });
    expect((await api(`/v1/p/${'x'.repeat(80)}`)).status).toBe(404);
  });
});

describe('an account awaiting activation', () => {
  it('has no card in service: the card, its page, its contact and its clicks answer 404', async () => {
    const user = await registerUser({ name: 'Not Yet' });
    const link = await api('/v1/user/links', {
      method: 'POST',
      token: user.token,
      json: { title: 'Site', url: 'https://site.example', icon: '', display_order: 0, is_active: true },
    });
    const linkId = link.body.link.id as number;
    expect((await api(`/v1/p/${user.username}`)).status).toBe(200);

    await env.DB.prepare("UPDATE users SET status = 'pending' WHERE id = ?").bind(user.id).run();
    const res = await api(`/v1/p/${user.username}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Profile not found' });
    expect((await api(`/p/${user.username}`)).status).toBe(404);
    expect((await api(`/p/${user.username}.vcf`)).status).toBe(404);
    expect((await api(`/qr/${user.username}`)).status).toBe(404);
    expect((await api(`/v1/link/${linkId}/click`)).status).toBe(404);

    await env.DB.prepare("UPDATE users SET status = 'active' WHERE id = ?").bind(user.id).run();
    expect((await api(`/v1/p/${user.username}`)).status).toBe(200);
    expect((await api(`/v1/link/${linkId}/click`)).status).toBe(204);
  });
});

describe('GET /v1/link/:id/click', () => {
  it('answers 204 for an active link of a public card', async () => {
    const res = await api(`/v1/link/${links.first}/click`);
    expect(res.status).toBe(204);
  });

  it('answers 404 for an inactive link, a missing one, a malformed id, or a private card', async () => {
    expect((await api(`/v1/link/${links.hidden}/click`)).status).toBe(404);
    expect((await api('/v1/link/987654/click')).status).toBe(404);
    expect((await api('/v1/link/abc/click')).status).toBe(404);
    // Another spelling of a real id names no link: no click is counted under it.
    const first = Number(links.first);
    for (const alias of [`0x${first.toString(16)}`, `${first}.0`, `0${first}`, `%20${first}`]) {
      expect((await api(`/v1/link/${alias}/click`)).status, alias).toBe(404);
    }

    await env.DB.prepare('UPDATE profiles SET is_active = 0 WHERE user_id = ?').bind(owner.id).run();
    try {
      expect((await api(`/v1/link/${links.first}/click`)).status).toBe(404);
    } finally {
      await env.DB.prepare('UPDATE profiles SET is_active = 1 WHERE user_id = ?').bind(owner.id).run();
    }
  });
});
