import { beforeAll, describe, expect, it } from 'vitest';
import { newAccount, registerUser } from '../helpers';
import { apiWith, login, post, profileWith } from '../auth-helpers';

describe('POST /v1/auth/login', { timeout: 30_000 }, () => {
  let user: Awaited<ReturnType<typeof registerUser>>;
  beforeAll(async () => {
    user = await registerUser();
  });

  it('signs in with the right password, whatever the case of the address', async () => {
    const res = await login(user.email.toUpperCase(), user.password);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      token: expect.any(String),
      refresh_token: expect.any(String),
      user: { id: user.id, email: user.email, username: user.username },
    });
    expect((await profileWith(res.body.token)).body.data.id).toBe(user.id);
  });

  it.each([
    ['email', { email: 'nope' }, 'Please enter a valid email address'],
    ['email', { email: undefined }, 'Please enter a valid email address'],
    ['password', { password: '12345' }, 'Password must be at least 6 characters'],
    ['password', { password: undefined }, 'Password must be at least 6 characters'],
  ])('refuses a bad %s with the documented message (%j)', async (field, change, message) => {
    const res = await post('/v1/auth/login', { email: user.email, password: user.password, ...change });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, message, errors: { [field]: [message] } });
    expect(res.body).not.toHaveProperty('token');
  });

  it('refuses a wrong password and an unknown account with the same answer', async () => {
    const wrong = await login(user.email, 'wrong-password');
    const unknown = await login(newAccount().email, 'whatever1');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, message: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('tells a pending account so, after a right password only, and gives no tokens', async () => {
    const pending = newAccount();
    await apiWith({ REQUIRE_ACTIVATION: 'true' }, '/v1/auth/register', { method: 'POST', json: pending });
    const res = await login(pending.email, pending.password);
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain('pending activation');
    expect(res.body).not.toHaveProperty('token');
    expect(res.body).not.toHaveProperty('refresh_token');
    const wrong = await login(pending.email, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).not.toContain('pending');
  });
});
