import { beforeAll, describe, expect, it } from 'vitest';
import { publicCardSchema } from '@shared/schemas/public-card';
import { userSchema } from '@shared/schemas/user';
import { api, registerUser } from '../helpers';
import { postForm, profileRow } from '../images';

// The card's language, set with the profile and returned by the card APIs.
let alice: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  [alice, bob] = await Promise.all([registerUser(), registerUser()]);
});

const update = (user: typeof alice, fields: Record<string, string>, token: string | null = user.token) =>
  postForm('/v1/user/profile/update', token ?? undefined, { name: user.name, username: user.username, ...fields });

describe('the card language', () => {
  it('is English for a new account, in the profile and on the public card', async () => {
    const me = await api('/v1/user/profile', { token: bob.token });
    expect(userSchema.parse(me.body.data).language).toBe('en');
    const card = await api(`/v1/p/${bob.username}`);
    expect(publicCardSchema.parse(card.body.data).language).toBe('en');
    expect((await profileRow(bob.id))?.language).toBe('en');
  });

  it('is set by POST /v1/user/profile/update and returned by GET /v1/user/profile and the card API', async () => {
    const res = await update(alice, { language: 'pt-BR' });
    expect(res.status).toBe(200);
    expect(res.body.data.language).toBe('pt-BR');
    expect((await api('/v1/user/profile', { token: alice.token })).body.data.language).toBe('pt-BR');
    expect((await api(`/v1/p/${alice.username}`)).body.data.language).toBe('pt-BR');
    // Absent: unchanged.
    expect((await update(alice, { bio: 'Olá' })).body.data.language).toBe('pt-BR');
    expect((await profileRow(alice.id))?.language).toBe('pt-BR');
    // Bob's card keeps his own language, in the row, his profile and his card.
    expect((await profileRow(bob.id))?.language).toBe('en');
    expect((await api('/v1/user/profile', { token: bob.token })).body.data.language).toBe('en');
    expect((await api(`/v1/p/${bob.username}`)).body.data.language).toBe('en');
  });

  it.each(['pt', 'EN', 'en-US', 'klingon', ''])(
    'refuses %j with a field error and changes nothing',
    async (language) => {
      await update(alice, { language: 'de' });
      const res = await update(alice, { language, bio: 'changed' });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ language: ['Language must be one of: en, es, pt-BR, fr, de, ar'] });
      const row = await profileRow(alice.id);
      expect(row?.language).toBe('de');
      expect(row?.bio).not.toBe('changed');
    },
  );

  it('cannot be changed anonymously or on someone else’s card', async () => {
    const anonymous = await update(bob, { language: 'ar' }, null);
    expect(anonymous.status).toBe(401);
    // Alice's token changes Alice's card only, whatever username the form names.
    await update(bob, { language: 'fr' }, alice.token);
    expect((await profileRow(bob.id))?.language).toBe('en');
  });
});
