import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { TOKEN_SCOPES } from '../../../shared/schemas/tokens';
import { sha256 } from '../../../worker/lib/hashing';
import { api, newAccount, registerUser } from '../helpers';
import { grantAdmin } from '../admin-helpers';
import { post } from '../auth-helpers';
import { makeToken, tokenFor, tokenRows, withToken } from '../token-helpers';

type User = Awaited<ReturnType<typeof registerUser>>;

const list = (user: User) => api('/v1/user/tokens', { token: user.token });
const revoke = (user: { token: string }, id: string) =>
  api(`/v1/user/tokens/${id}`, { method: 'DELETE', token: user.token });
const newCard = async (user: User) => {
  const res = await api('/v1/cards', {
    method: 'POST',
    token: user.token,
    json: { username: newAccount().username, name: 'Second Card' },
  });
  if (res.status !== 201) throw new Error(`card: ${res.status}`);
  return res.body.data.id as string;
};
const primaryOf = async (user: User) => {
  const cards = (await api('/v1/cards', { token: user.token })).body.data.cards as {
    id: string;
    is_primary: boolean;
  }[];
  return cards.find((card) => card.is_primary)!.id;
};

describe('POST /v1/user/tokens', { timeout: 60_000 }, () => {
  it('makes a token after the password, answers its secret once, and stores only its hash', async () => {
    const user = await registerUser();
    const res = await makeToken(user, { name: 'Zapier', scopes: ['links:write', 'cards:read'], expires_in_days: 30 });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Token created. Copy it now: it will not be shown again.');
    const { token, ...shown } = res.body.data;
    expect(token).toMatch(/^cl_pat_[A-Za-z0-9_-]{43}$/);
    expect(shown).toEqual({
      id: expect.any(String),
      name: 'Zapier',
      scopes: ['links:write', 'cards:read'],
      cards: null,
      created_at: expect.any(String),
      expires_at: expect.any(String),
      last_used_on: null,
      last_used_country: null,
    });
    expect(Date.parse(shown.expires_at) - Date.parse(shown.created_at)).toBe(30 * 86_400_000);

    const [row] = await tokenRows(user.id);
    expect(row?.token_hash).toBe(await sha256(token));
    expect(Object.values(row ?? {})).not.toContain(token);

    const listed = await list(user);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([shown]);
    expect(listed.text).not.toContain(token);
  });

  it('takes an authenticator code in place of the password, and a token that never expires', async () => {
    const user = await registerUser();
    const res = await api('/v1/user/tokens', {
      method: 'POST',
      token: user.token,
      json: { name: 'Forever', scopes: ['stats:read'], expires_in_days: null, code: '123456' },
    });
    // No authenticator app is on: the code cannot be right, and nothing is made.
    expect(res.status).toBe(422);
    expect(res.body.errors.code).toBeDefined();
    const made = await makeToken(user, { expires_in_days: null });
    expect(made.body.data.expires_at).toBeNull();
  });

  it('refuses bad input with the field’s message and stores nothing', async () => {
    const user = await registerUser();
    const other = await registerUser();
    const otherCard = await primaryOf(other as User);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ current_password: undefined }, 'current_password', 'Please enter your current password'],
      [{ current_password: 'wrong-password-1' }, 'current_password', 'Your current password is incorrect'],
      [{ name: '   ' }, 'name', 'Give the token a name'],
      [{ name: 'x'.repeat(61) }, 'name', 'Token name must be at most 60 characters'],
      [{ scopes: [] }, 'scopes', 'Choose at least one scope'],
      [{ scopes: ['admin'] }, 'scopes.0', `Scopes must be among ${TOKEN_SCOPES.join(', ')}`],
      [{ expires_in_days: 45 }, 'expires_in_days', 'Expiry must be 30, 90 or 365 days, or none'],
      [{ expires_in_days: undefined }, 'expires_in_days', 'Expiry must be 30, 90 or 365 days, or none'],
      [{ card_ids: [otherCard] }, 'card_ids', 'Choose cards of this account'],
      [{ card_ids: [] }, 'card_ids', 'Choose at least one card, or none for every card'],
    ];
    for (const [body, field, message] of cases) {
      const res = await makeToken(user, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[field], JSON.stringify(res.body)).toEqual([message]);
    }
    expect(await tokenRows(user.id)).toEqual([]);
  });

  it('needs a signed-in session: anonymous gets 401', async () => {
    const res = await post('/v1/user/tokens', { name: 'x', scopes: ['links:read'], expires_in_days: 30 });
    expect(res.status).toBe(401);
  });
});

describe('a token at work', { timeout: 60_000 }, () => {
  it('works for its scopes and gets 403 naming the scope outside them, changing nothing', async () => {
    const user = await registerUser();
    const { secret } = await tokenFor(user, { scopes: ['links:read', 'stats:read'] });
    expect((await withToken(secret, '/v1/user/links')).status).toBe(200);
    expect((await withToken(secret, '/v1/user/stats')).status).toBe(200);

    const write = await withToken(secret, '/v1/user/links', {
      method: 'POST',
      json: { title: 'Site', url: 'https://example.com/' },
    });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ success: false, message: 'This token lacks the scope links:write' });
    const profile = await withToken(secret, '/v1/user/profile');
    expect(profile.status).toBe(403);
    expect(profile.body.message).toBe('This token lacks the scope cards:read');
    expect((await withToken(secret, '/v1/user/contacts')).body.message).toBe(
      'This token lacks the scope contacts:read',
    );
    expect((await api('/v1/user/links', { token: user.token })).body.data).toEqual([]);

    const { secret: writer } = await tokenFor(user, { scopes: ['links:write'] });
    const made = await withToken(writer, '/v1/user/links', {
      method: 'POST',
      json: { title: 'Site', url: 'https://example.com/' },
    });
    expect(made.status).toBe(201);
    expect((await api('/v1/user/links', { token: user.token })).body.data).toHaveLength(1);
  });

  it('limited to a card: works on it, gets 403 on the account’s other cards, sees only its own', async () => {
    const user = await registerUser();
    const primary = await primaryOf(user);
    const second = await newCard(user);
    const { secret } = await tokenFor(user, {
      scopes: ['links:read', 'links:write', 'cards:read', 'cards:write'],
      card_ids: [second],
    });

    expect((await withToken(secret, `/v1/cards/${second}/links`)).status).toBe(200);
    const elsewhere = await withToken(secret, `/v1/cards/${primary}/links`);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.message).toBe('This token may not act on this card');
    // /v1/user/… acts on the primary card, which this token may not touch.
    expect((await withToken(secret, '/v1/user/links')).status).toBe(403);
    const add = await withToken(secret, `/v1/cards/${primary}/links`, {
      method: 'POST',
      json: { title: 'Site', url: 'https://example.com/' },
    });
    expect(add.status).toBe(403);
    expect((await api('/v1/user/links', { token: user.token })).body.data).toEqual([]);

    const cards = await withToken(secret, '/v1/cards');
    expect(cards.body.data.cards.map((card: { id: string }) => card.id)).toEqual([second]);
    expect((await withToken(secret, `/v1/cards/${primary}`)).status).toBe(403);
    expect((await withToken(secret, `/v1/cards/${primary}/primary`, { method: 'POST' })).status).toBe(403);
    const another = await withToken(secret, '/v1/cards', {
      method: 'POST',
      json: { username: newAccount().username },
    });
    expect(another.status).toBe(403);
    expect((await api('/v1/cards', { token: user.token })).body.data.cards).toHaveLength(2);

    const listed = (await list(user)).body.data[0];
    expect(listed.cards).toEqual([{ id: second, username: expect.any(String) }]);
  });

  it('another account’s card answers 404, as for a session', async () => {
    const user = await registerUser();
    const other = await registerUser();
    const otherCard = await primaryOf(other);
    const { secret } = await tokenFor(user, { scopes: ['links:read', 'cards:read', 'stats:read', 'contacts:read'] });
    for (const path of ['links', '', 'stats', 'contacts'])
      expect((await withToken(secret, `/v1/cards/${otherCard}/${path}`.replace(/\/$/, ''))).status, path).toBe(404);
    // Its list of cards is its own account's, never the other's.
    const listed = (await withToken(secret, '/v1/cards')).body.data.cards as { id: string }[];
    expect(listed.map((card) => card.id)).toEqual([await primaryOf(user)]);
  });

  it('revoked at once, or expired: 401', async () => {
    const user = await registerUser();
    const { secret, id } = await tokenFor(user);
    expect((await withToken(secret, '/v1/user/links')).status).toBe(200);
    const gone = await revoke(user, id);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ success: true, message: 'Token revoked' });
    const after = await withToken(secret, '/v1/user/links');
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Invalid or expired token');
    expect((await list(user)).body.data).toEqual([]);

    const { secret: old, id: oldId } = await tokenFor(user, { expires_in_days: 30 });
    await env.DB.prepare('UPDATE api_tokens SET expires_at = ? WHERE id = ?')
      .bind(Date.now() - 1, oldId)
      .run();
    expect((await withToken(old, '/v1/user/links')).status).toBe(401);
    expect((await withToken('cl_pat_not-a-token', '/v1/user/links')).status).toBe(401);
  });

  it('cannot reach security, sessions, tokens, export, deletion, language or the console, whatever its scopes', async () => {
    const user = await registerUser();
    await grantAdmin(user.id);
    const { secret, id } = await tokenFor(user, { scopes: [...TOKEN_SCOPES] });
    const refused: [string, string, unknown?][] = [
      ['GET', '/v1/user/security'],
      [
        'POST',
        '/v1/user/security/password',
        { current_password: user.password, password: 'n3w-Lantern-99', password_confirmation: 'n3w-Lantern-99' },
      ],
      ['POST', '/v1/user/security/totp/setup', { current_password: user.password }],
      ['GET', '/v1/user/security/passkeys'],
      ['GET', '/v1/user/sessions'],
      ['DELETE', '/v1/user/sessions'],
      ['GET', '/v1/user/tokens'],
      [
        'POST',
        '/v1/user/tokens',
        { name: 'More', scopes: ['links:read'], expires_in_days: 30, current_password: user.password },
      ],
      ['DELETE', `/v1/user/tokens/${id}`],
      ['GET', '/v1/user/export'],
      ['DELETE', '/v1/user', { current_password: user.password }],
      ['PUT', '/v1/user/language', { language: 'de' }],
    ];
    for (const [method, path, json] of refused) {
      const res = await withToken(secret, path, { method, json });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message).toBe('API tokens cannot be used here. Sign in to the dashboard instead.');
    }
    // The console does not admit it exists, as for anyone who is not an operator.
    expect((await withToken(secret, '/v1/admin/users')).status).toBe(404);
    // Signing out everywhere takes a refresh token or a session's access token, never this.
    expect((await withToken(secret, '/v1/auth/logout', { method: 'POST', json: { all_devices: true } })).status).toBe(
      401,
    );

    // Nothing changed: the password, the token, the account.
    expect((await post('/v1/auth/login', { email: user.email, password: user.password })).status).toBe(200);
    expect(await tokenRows(user.id)).toHaveLength(1);
    expect((await withToken(secret, '/v1/user/links')).status).toBe(200);
  });

  it('survives signing out everywhere and a password change, as the screen says', async () => {
    const user = await registerUser();
    const { secret } = await tokenFor(user);
    const password = 'harbour-17-meadow';
    const changed = await api('/v1/user/security/password', {
      method: 'POST',
      token: user.token,
      json: { current_password: user.password, password, password_confirmation: password },
    });
    expect(changed.status).toBe(200);
    expect((await withToken(secret, '/v1/user/links')).status).toBe(200);
    const out = await post('/v1/auth/logout', { all_devices: true, refresh_token: user.refreshToken });
    expect(out.status).toBe(200);
    expect((await api('/v1/user/links', { token: user.token })).status).toBe(401);
    expect((await withToken(secret, '/v1/user/links')).status).toBe(200);
  });

  it('notes its last use as the day alone, written once a day', async () => {
    const user = await registerUser();
    const { secret, id } = await tokenFor(user);
    const today = new Date().toISOString().slice(0, 10);
    await withToken(secret, '/v1/user/links');
    expect((await list(user)).body.data[0].last_used_on).toBe(today);
    // Already today's: a second use writes nothing (the country set here stays).
    await env.DB.prepare("UPDATE api_tokens SET last_used_country = 'PT' WHERE id = ?").bind(id).run();
    await withToken(secret, '/v1/user/links');
    expect((await list(user)).body.data[0]).toMatchObject({ last_used_on: today, last_used_country: 'PT' });
    // Yesterday's: the next use writes today.
    await env.DB.prepare("UPDATE api_tokens SET last_used_on = '2020-01-01' WHERE id = ?").bind(id).run();
    await withToken(secret, '/v1/user/links');
    expect((await list(user)).body.data[0]).toMatchObject({ last_used_on: today, last_used_country: null });
  });
});

describe('DELETE /v1/user/tokens/{id}', { timeout: 60_000 }, () => {
  it('another account’s token id answers 404 and revokes nothing', async () => {
    const owner = await registerUser();
    const stranger = await registerUser();
    const { secret, id } = await tokenFor(owner);
    const res = await revoke(stranger, id);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Token not found');
    expect((await withToken(secret, '/v1/user/links')).status).toBe(200);
    expect(await tokenRows(owner.id)).toHaveLength(1);
    expect((await list(stranger as User)).body.data).toEqual([]);
    expect((await api(`/v1/user/tokens/${id}`, { method: 'DELETE' })).status).toBe(401);
  });
});
