import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { USERNAME_HOLD_DAYS } from '@shared/constants';
import { api, newAccount, registerUser } from '../helpers';
import { post } from '../auth-helpers';
import { postForm } from '../images';

const TAKEN = 'This username is already taken';
const rename = (user: { token: string; name: string }, username: string) =>
  postForm('/v1/user/profile/update', user.token, { name: user.name, username });
const age = (username: string, days: number) =>
  env.DB.prepare('UPDATE username_holds SET held_until = held_until - ?1 WHERE username = ?2')
    .bind(days * 24 * 60 * 60 * 1000, username)
    .run();

describe('a username given up is not handed to the next registrant', { timeout: 30_000 }, () => {
  it('stays with its owner: nobody can register it or rename to it, and the old card URL redirects', async () => {
    const owner = await registerUser();
    const old = owner.username;
    const renamed = `${old}-new`;
    expect((await rename(owner, renamed)).status).toBe(200);

    const stranger = await post('/v1/auth/register', newAccount({ username: old }));
    expect(stranger.status).toBe(422);
    expect(stranger.body.errors).toEqual({ username: [TAKEN] });
    const other = await registerUser();
    const taking = await rename(other, old);
    expect(taking.status).toBe(422);
    expect(taking.body.errors).toEqual({ username: [TAKEN] });

    // A printed QR code (?src=qr) still reaches the owner's card.
    const page = await api(`/p/${old}?src=qr`, { redirect: 'manual' });
    expect(page.status).toBe(301);
    expect(page.headers.get('Location')).toBe(`/p/${renamed}?src=qr`);
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    const json = await api(`/v1/p/${old}`, { redirect: 'manual' });
    expect(json.status).toBe(301);
    expect(new URL(json.headers.get('Location')!, 'https://card.test').pathname).toBe(`/v1/p/${renamed}`);
    const qr = await api(`/qr/${old.toUpperCase()}`, { redirect: 'manual' });
    expect(qr.status).toBe(301);
    expect(qr.headers.get('Location')).toBe(`/qr/${renamed}`);
    const vcard = await api(`/p/${old}.vcf`, { redirect: 'manual' });
    expect(vcard.headers.get('Location')).toBe(`/p/${renamed}.vcf`);
  });

  it('follows a second rename, and lets the owner take the old name back', async () => {
    const owner = await registerUser();
    const first = owner.username;
    await rename(owner, `${first}-2`);
    await rename(owner, `${first}-3`);
    const page = await api(`/p/${first}`, { redirect: 'manual' });
    expect(page.headers.get('Location')).toBe(`/p/${first}-3`);
    expect((await rename(owner, first)).status).toBe(200);
    expect((await api(`/p/${first}`, { redirect: 'manual' })).status).toBe(200);
    // Names the owner left on the way are theirs for the period as well.
    const stranger = await post('/v1/auth/register', newAccount({ username: `${first}-2` }));
    expect(stranger.body.errors).toEqual({ username: [TAKEN] });
  });

  it(`is released after ${USERNAME_HOLD_DAYS} days, and not a day before`, async () => {
    const owner = await registerUser();
    const old = owner.username;
    await rename(owner, `${old}-later`);
    await age(old, USERNAME_HOLD_DAYS - 1);
    expect((await post('/v1/auth/register', newAccount({ username: old }))).status).toBe(422);
    await age(old, 1.01);
    expect((await api(`/p/${old}`, { redirect: 'manual' })).status).toBe(404);
    expect((await post('/v1/auth/register', newAccount({ username: old }))).status).toBe(201);
  });

  it('an unknown username is still 404, not a redirect', async () => {
    expect((await api(`/p/${newAccount().username}`, { redirect: 'manual' })).status).toBe(404);
    expect((await api(`/v1/p/${newAccount().username}`, { redirect: 'manual' })).status).toBe(404);
  });
});

describe('reserved words cannot be registered', { timeout: 30_000 }, () => {
  it.each(['admin', 'support', 'api', 'www', 'dashboard', 'auth', 'security', 'Settings', 'assets', 'fonts'])(
    '%s is refused',
    async (username) => {
      const res = await post('/v1/auth/register', newAccount({ username }));
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ username: ['This username is not available'] });
    },
  );
});
