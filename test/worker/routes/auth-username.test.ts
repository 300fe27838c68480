// GET /v1/auth/username: the registration form's check as the person types.
import { describe, expect, it } from 'vitest';
import { api, newAccount, ORIGIN, registerUser } from '../helpers';
import { postForm } from '../images';

const check = (username: string) => api(`/v1/auth/username?username=${encodeURIComponent(username)}`);

describe('GET /v1/auth/username', { timeout: 30_000 }, () => {
  it('answers a free name as available, with the address its card would have', async () => {
    const { username } = newAccount();
    const res = await check(`  ${username.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { username, available: true, url: `${ORIGIN}/p/${username}` },
    });
  });

  it('answers a card’s name, and a name held for its last owner, as taken', async () => {
    const owner = await registerUser();
    expect((await check(owner.username)).body.data).toMatchObject({ username: owner.username, available: false });
    const renamed = `${owner.username}-b`;
    expect(
      (await postForm('/v1/user/profile/update', owner.token, { name: owner.name, username: renamed })).status,
    ).toBe(200);
    expect((await check(owner.username)).body.data.available).toBe(false);
    expect((await check(renamed)).body.data.available).toBe(false);
  });

  it('refuses a name that breaks the rules with the message registering would give', async () => {
    const cases: [string, string][] = [
      ['', 'Username must be at least 3 characters'],
      ['ab', 'Username must be at least 3 characters'],
      ['ada lovelace', 'Username can only contain lowercase letters, numbers, underscores, and hyphens'],
      ['admin', 'This username is not available'],
    ];
    for (const [username, message] of cases) {
      const res = await check(username);
      expect(res.status, username).toBe(422);
      expect(res.body.errors.username[0], username).toBe(message);
    }
    expect((await api('/v1/auth/username')).status).toBe(422);
  });
});
