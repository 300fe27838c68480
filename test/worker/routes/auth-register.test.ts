import { describe, expect, it } from 'vitest';
import { passwordCost, verifyPassword } from '../../../worker/lib/hashing';
import { api, newAccount, registerUser } from '../helpers';
import { apiWith, countRows, post, profileWith, userRow } from '../auth-helpers';

const register = (json: unknown) => post('/v1/auth/register', json);

describe('POST /v1/auth/register', { timeout: 30_000 }, () => {
  it('creates an account and signs it in', async () => {
    const account = newAccount({ name: 'Ada Lovelace' });
    const res = await register(account);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      token: expect.any(String),
      refresh_token: expect.any(String),
      user: { name: 'Ada Lovelace', username: account.username, email: account.email, status: 'active' },
    });
    expect(res.body.user).not.toHaveProperty('password');
    expect(res.body.user).not.toHaveProperty('password_hash');
    expect((await profileWith(res.body.token)).status).toBe(200);
  });

  it('stores the username and email lower-case, and the password only as a scrypt hash', async () => {
    const account = newAccount();
    const res = await register({
      ...account,
      username: account.username.toUpperCase(),
      email: `  ${account.email.toUpperCase()} `,
      password: 'Sup3r-secret!',
    });
    expect(res.status).toBe(201);
    expect(res.body.user.username).toBe(account.username);
    const row = await userRow(account.email);
    expect(row?.username).toBe(account.username);
    expect(row?.email).toBe(account.email);
    // The suite's cheaper cost (vitest.config.ts); production's is checked below.
    expect(row?.password_hash).toMatch(/^scrypt\$1024\$8\$3\$[\w-]+\$[\w-]+$/);
    expect(row?.password_hash).not.toContain('Sup3r-secret!');
    expect(JSON.stringify(row)).not.toContain('Sup3r-secret!');
  });

  it.each([
    ['name', { name: 'A' }, 'Name must be at least 2 characters'],
    ['name', { name: '  ' }, 'Name must be at least 2 characters'],
    ['name', { name: undefined }, 'Name must be at least 2 characters'],
    ['name', { name: 'x'.repeat(101) }, 'Name is too long'],
    ['username', { username: 'ab' }, 'Username must be at least 3 characters'],
    ['username', { username: 'a'.repeat(51) }, 'Username is too long'],
    [
      'username',
      { username: 'john doe' },
      'Username can only contain lowercase letters, numbers, underscores, and hyphens',
    ],
    [
      'username',
      { username: 'john.doe' },
      'Username can only contain lowercase letters, numbers, underscores, and hyphens',
    ],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['email', { email: undefined }, 'Please enter a valid email address'],
    ['password', { password: '12345' }, 'Password must be at least 6 characters'],
    ['password', { password: undefined }, 'Password must be at least 6 characters'],
  ])('refuses a bad %s with the documented message (%j)', async (field, change, message) => {
    const before = await countRows('users');
    const res = await register({ ...newAccount(), ...change });
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
    expect(res.body.errors[field]).toContain(message);
    expect(res.body).not.toHaveProperty('token');
    expect(await countRows('users')).toBe(before);
  });

  it("hashes with OWASP's cost everywhere but the test suite, and verifies a hash by its own cost", async () => {
    expect(passwordCost({ ENVIRONMENT: 'production' })).toBe(32768);
    expect(passwordCost({ ENVIRONMENT: 'production', TEST_PASSWORD_COST: '1024' })).toBe(32768);
    expect(passwordCost({ ENVIRONMENT: 'development' })).toBe(32768);
    expect(passwordCost({ ENVIRONMENT: 'development', TEST_PASSWORD_COST: '1000' })).toBe(32768);
    expect(passwordCost({ ENVIRONMENT: 'development', TEST_PASSWORD_COST: '1024' })).toBe(1024);
    // A production hash (N=2^15) of 'lantern-42-orbit', made by Node's scrypt outside the Worker.
    const production = 'scrypt$32768$8$3$BwcHBwcHBwcHBwcHBwcHBw$w95we7kTahyklxrX0kGCTloDlrekZJLcMkHoK1UIg60';
    expect(await verifyPassword('lantern-42-orbit', production)).toBe(true);
    expect(await verifyPassword('lantern-42-orbiT', production)).toBe(false);
  });

  it('reports every invalid field at once', async () => {
    const res = await register({});
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'name', 'password', 'username']);
  });

  it('refuses a taken e-mail and a taken username as field errors', async () => {
    const taken = await registerUser();
    const before = await countRows('users');
    const byEmail = await register(newAccount({ email: taken.email.toUpperCase() }));
    expect(byEmail.status).toBe(422);
    expect(byEmail.body.errors).toEqual({ email: ['This email is already registered'] });
    const byName = await register(newAccount({ username: taken.username }));
    expect(byName.status).toBe(422);
    expect(byName.body.errors).toEqual({ username: ['This username is already taken'] });
    expect(await countRows('users')).toBe(before);
  });

  it.each(['admin', 'auth', 'dashboard', 'icons', 'media', 'api', 'static', 'assets', 'Dashboard'])(
    'refuses the reserved username %s',
    async (username) => {
      const res = await register(newAccount({ username }));
      expect(res.status).toBe(422);
      expect(res.body.errors.username).toEqual(['This username is not available']);
    },
  );

  it.each(['p', 'qr', 'v1'])('refuses the short reserved path %s', async (username) => {
    const res = await register(newAccount({ username }));
    expect(res.status).toBe(422);
    expect(res.body.errors.username).toContain('This username is not available');
  });

  it('with REQUIRE_ACTIVATION, keeps the account pending and gives no tokens', async () => {
    const account = newAccount();
    const res = await apiWith({ REQUIRE_ACTIVATION: 'true' }, '/v1/auth/register', { method: 'POST', json: account });
    expect(res.status).toBe(202);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toContain('pending activation');
    expect(res.body).not.toHaveProperty('token');
    expect(res.body).not.toHaveProperty('refresh_token');
    expect((await userRow(account.email))?.status).toBe('pending');
  });

  it('refuses a body that is not an object', async () => {
    const res = await api('/v1/auth/register', { method: 'POST', json: ['a'] });
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
  });
});

// An account speaks the language its person registered in (the sign-in page's: the
// browser's choice, else its Accept-Language); the dashboard, the e-mails and the card follow it.
describe('the language of a new account', { timeout: 30_000 }, () => {
  const registerFrom = async (headers: Record<string, string>) => {
    const account = newAccount();
    const res = await api('/v1/auth/register', { method: 'POST', json: account, headers });
    expect(res.status).toBe(201);
    const profile = await profileWith(res.body.token);
    return profile.body.data.language as string;
  };

  it("is the browser's chosen language, else its Accept-Language, else English", async () => {
    expect(await registerFrom({ Cookie: 'cl_lang=de', 'Accept-Language': 'fr' })).toBe('de');
    expect(await registerFrom({ 'Accept-Language': 'pt-BR,pt;q=0.9,en;q=0.5' })).toBe('pt-BR');
    expect(await registerFrom({})).toBe('en');
    // A cookie that names no language of ours is ignored.
    expect(await registerFrom({ Cookie: 'cl_lang=xx', 'Accept-Language': 'es-MX' })).toBe('es');
  });
});
