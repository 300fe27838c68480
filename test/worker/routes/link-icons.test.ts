import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { LINK_ICON_MESSAGE } from '@shared/schemas/links';
import { apiWith } from '../auth-helpers';
import { api, ORIGIN, registerUser } from '../helpers';

let owner: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  owner = await registerUser();
});

const create = (icon: string) =>
  api('/v1/user/links', {
    method: 'POST',
    token: owner.token,
    json: { title: 'Site', url: 'https://a.example', icon },
  });
const iconsOf = async () =>
  (
    await env.DB.prepare('SELECT icon FROM links WHERE user_id = ? ORDER BY id').bind(owner.id).all<{ icon: string }>()
  ).results.map((row) => row.icon);

describe('link icons', () => {
  it('accepts no icon, a catalogue icon, an upload under /media/ and an https image', async () => {
    for (const icon of [
      '',
      '/icons/github.svg',
      '/icons/default.svg',
      '/media/avatars/ab12/3f9c.webp',
      'https://cdn.example/i.png',
    ]) {
      const res = await create(icon);
      expect(res.status, icon).toBe(201);
      expect(res.body.link.icon).toBe(icon);
    }
  });

  it('refuses another path of this site, on create and on update, with the field message and stores nothing', async () => {
    const before = await iconsOf();
    const refused = [
      '/v1/link/1/click',
      '/p/someone',
      '/p/someone.vcf',
      '/qr/someone',
      '/icons/nothing-of-ours.svg',
      '/media/../v1/link/1/click',
      `${ORIGIN}/v1/link/1/click`,
      `${ORIGIN}/p/someone`,
      'http://cdn.example/i.png',
      '//cdn.example/i.png',
      'javascript:alert(1)',
    ];
    for (const icon of refused) {
      const res = await create(icon);
      expect(res.status, icon).toBe(422);
      expect(res.body).toEqual({ success: false, message: expect.any(String), errors: { icon: [LINK_ICON_MESSAGE] } });
    }
    const made = await create('/icons/github.svg');
    for (const icon of refused) {
      const res = await api(`/v1/user/links/${made.body.link.id}`, {
        method: 'PUT',
        token: owner.token,
        json: { icon },
      });
      expect(res.status, icon).toBe(422);
      expect(res.body.errors).toEqual({ icon: [LINK_ICON_MESSAGE] });
    }
    expect(await iconsOf()).toEqual([...before, '/icons/github.svg']);
    // This site's own images may be given as full URLs too.
    expect((await create(`${ORIGIN}/icons/github.svg`)).status).toBe(201);
  });

  it('refuses a path of this site under any of its host names, whatever the case, port or trailing dot', async () => {
    const before = await iconsOf();
    const host = new URL(ORIGIN).hostname;
    const sameSite = [
      `https://${host.toUpperCase()}/v1/link/1/click`,
      `https://${host}.:8801/v1/link/1/click`,
      `https://${host}..:443/p/someone`,
      'https://localhost.:8801/v1/link/1/click',
      'https://127.0.0.1/p/someone',
      'https://[::1]:8787/qr/someone',
    ];
    for (const icon of sameSite) {
      const res = await create(icon);
      expect(res.status, icon).toBe(422);
      expect(res.body.errors).toEqual({ icon: [LINK_ICON_MESSAGE] });
    }
    // The deployment's other names, as SITE_HOSTS lists them.
    const listed = { SITE_HOSTS: 'card.test, card.example.org, cardlink.workers.dev' };
    for (const icon of ['https://Card.Example.org./v1/link/1/click', 'https://cardlink.workers.dev/p/someone']) {
      const res = await apiWith(listed, '/v1/user/links', {
        method: 'POST',
        token: owner.token,
        json: { title: 'Site', url: 'https://a.example', icon },
      });
      expect(res.status, icon).toBe(422);
    }
    expect(await iconsOf()).toEqual(before);
    // Images of this site under another of its names are fine; other hosts are, too.
    expect((await create(`https://${host}.:8801/media/avatars/ab12/3f9c.webp`)).status).toBe(201);
    expect((await create('https://card.example.org/v1/link/1/click')).status).toBe(201);
  });

  it('clears stored icons that break the rule (the migration), keeping the good ones', async () => {
    const user = await registerUser();
    const icons = [
      '/v1/link/1/click',
      '/p/someone',
      'http://cdn.example/i.png',
      '/media/a//b.png',
      '/media/../v1/x',
      '/icons/github.svg',
      '/media/covers/ab12/3f9c.jpg',
      'https://cdn.example/i.png',
      '',
    ];
    const now = Date.now();
    await env.DB.batch(
      icons.map((icon, i) =>
        env.DB.prepare(
          'INSERT INTO links (user_id, title, url, icon, display_order, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        ).bind(user.id, `L${i}`, 'https://a.example', icon, i, now, now),
      ),
    );
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.endsWith('_link_icons_cleanup.sql'));
    expect(migration).toBeDefined();
    await env.DB.batch(migration!.queries.map((sql) => env.DB.prepare(sql)));
    const rows = await env.DB.prepare('SELECT icon FROM links WHERE user_id = ? ORDER BY display_order')
      .bind(user.id)
      .all();
    expect(rows.results.map((row) => row.icon)).toEqual([
      '',
      '',
      '',
      '',
      '',
      '/icons/github.svg',
      '/media/covers/ab12/3f9c.jpg',
      'https://cdn.example/i.png',
      '',
    ]);
  });

  it('never draws another path of this site as an icon on the card, whatever a row holds', async () => {
    const user = await registerUser();
    const now = Date.now();
    await env.DB.prepare(
      'INSERT INTO links (user_id, title, url, icon, display_order, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?)',
    )
      .bind(user.id, 'Sneaky', 'https://a.example', `${ORIGIN}/v1/link/1/click`, now, now)
      .run();
    const html = await (await SELF.fetch(`${ORIGIN}/p/${user.username}`)).text();
    expect(html).not.toContain('/v1/link/1/click"');
    expect(html).toContain('<img src="/icons/default.svg"');
    // Under another spelling of the card's host name too.
    await env.DB.prepare('UPDATE links SET icon = ?1 WHERE user_id = ?2')
      .bind(`https://${new URL(ORIGIN).hostname.toUpperCase()}.:8801/v1/link/1/click`, user.id)
      .run();
    const again = await (await SELF.fetch(`${ORIGIN}/p/${user.username}?v=2`)).text();
    expect(again).not.toContain('/v1/link/1/click"');
  });
});
