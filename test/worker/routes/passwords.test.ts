import { describe, expect, it } from 'vitest';
import COMMON_PASSWORDS from '../../../worker/lib/common-passwords.txt';
import { newAccount, registerUser } from '../helpers';
import { login, outbox, post, userRow } from '../auth-helpers';

const WEAK = 'This password is too common. Please choose a less common password.';
const register = (overrides: Record<string, string>) => post('/v1/auth/register', { ...newAccount(), ...overrides });

describe('the bundled list of common passwords', () => {
  it('holds at least the 10,000 most common, lower-case, the most common first, one a line', () => {
    expect(COMMON_PASSWORDS.endsWith('\n')).toBe(true);
    const list = COMMON_PASSWORDS.slice(0, -1).split('\n');
    expect(list.length).toBeGreaterThanOrEqual(10_000);
    expect(new Set(list).size).toBe(list.length);
    expect(list.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
    expect(list.every((password) => password.length >= 6 && password === password.toLowerCase())).toBe(true);
  });
});

describe('registration refuses weak passwords', { timeout: 30_000 }, () => {
  it.each(['123456', 'password', 'PassWord', 'qwerty', 'iloveyou', '      ', 'aaaaaaaa'])(
    'refuses %j with a clear message, and stores nothing',
    async (password) => {
      const account = newAccount({ password });
      const res = await post('/v1/auth/register', account);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ success: false, message: WEAK, errors: { password: [WEAK] } });
      expect(await userRow(account.email)).toBeNull();
    },
  );

  it('refuses the last password of the list as well as the first: the whole list is read', async () => {
    const last = COMMON_PASSWORDS.trimEnd().split('\n').at(-1)!;
    const account = newAccount({ password: last });
    const res = await post('/v1/auth/register', account);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ password: [WEAK] });
    expect(await userRow(account.email)).toBeNull();
  });

  it("refuses the account's own username or e-mail address as its password", async () => {
    const account = newAccount();
    expect((await register({ ...account, password: account.username })).status).toBe(422);
    expect((await register({ ...account, password: account.email.toUpperCase() })).status).toBe(422);
  });

  it('keeps the 6-character minimum with its message', async () => {
    const res = await register({ password: 'x7#kQ' });
    expect(res.status).toBe(422);
    expect(res.body.errors.password).toEqual(['Password must be at least 6 characters']);
    expect((await register({ password: 'x7#kQz' })).status).toBe(201);
  });

  it('accepts 64 and 128 characters and never truncates or trims what was typed', async () => {
    const long = 'correct horse battery staple, '.repeat(5).slice(0, 128);
    const user = await registerUser({ password: long });
    expect((await login(user.email, long)).status).toBe(200);
    expect((await login(user.email, long.slice(0, 127))).status).toBe(401);
    expect((await login(user.email, long.slice(0, 72))).status).toBe(401);

    const sixtyFour = 'a-long-passphrase-of-exactly-sixty-four-characters-for-testing!!';
    expect(sixtyFour).toHaveLength(64);
    expect((await registerUser({ password: sixtyFour })).token).toEqual(expect.any(String));

    const spaced = await registerUser({ password: '  lantern orbit  ' });
    expect((await login(spaced.email, 'lantern orbit')).status).toBe(401);
    expect((await login(spaced.email, '  lantern orbit  ')).status).toBe(200);
  });
});

describe('a password reset refuses a common password too', { timeout: 30_000 }, () => {
  it('refuses P@ssw0rd (it passes the complexity rule), keeps the token usable, then accepts a good one', async () => {
    const user = await registerUser();
    await post('/v1/auth/forgot-password', { email: user.email });
    const [mail] = await outbox(user.email);
    const verified = await post('/v1/auth/verify-otp', { email: user.email, otp: mail!.code });
    const token = verified.body.data.token as string;
    const reset = (password: string) =>
      post('/v1/auth/reset-password', { email: user.email, token, password, password_confirmation: password });
    const weak = await reset('P@ssw0rd');
    expect(weak.status).toBe(422);
    expect(weak.body.errors).toEqual({ password: [WEAK] });
    expect((await login(user.email, user.password)).status).toBe(200);
    expect((await reset('Tr4vel&Maps')).status).toBe(200);
    expect((await login(user.email, 'Tr4vel&Maps')).status).toBe(200);
  });
});
