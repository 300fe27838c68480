import { describe, expect, it } from 'vitest';
import { api, registerUser } from '../helpers';
import { profileWith } from '../auth-helpers';

describe('GET /v1/user/profile', { timeout: 30_000 }, () => {
  it('answers the signed-in user with the nested profile, theme and template', async () => {
    const user = await registerUser({ name: 'Grace Hopper' });
    const res = await profileWith(user.token);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toEqual(expect.any(String));
    const data = res.body.data;
    expect(data).toMatchObject({
      id: user.id,
      name: 'Grace Hopper',
      username: user.username,
      email: user.email,
      bio: '',
      is_active: true,
      avatar_url: null,
      cover_image_url: null,
      theme_id: expect.any(Number),
      theme: {
        id: data.theme_id,
        name: expect.any(String),
        background_color: expect.stringMatching(/^#/),
        text_color: expect.stringMatching(/^#/),
        accent_color: expect.stringMatching(/^#/),
        font_family: expect.any(String),
        is_default: true,
      },
      template_id: expect.any(Number),
      template: { name: expect.any(String), config: { layout: expect.any(String) } },
      custom_theme: null,
      views: 0,
      last_viewed_at: null,
      profile: { username: user.username, name: 'Grace Hopper', avatar_url: null, avatar: null },
    });
    expect(new Date(data.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(data).not.toHaveProperty('password');
    expect(data).not.toHaveProperty('password_hash');
    expect(JSON.stringify(data)).not.toContain('scrypt');
  });

  it('requires a valid access token', async () => {
    const none = await api('/v1/user/profile');
    expect(none.status).toBe(401);
    expect(none.body.success).toBe(false);
    expect((await profileWith('not-a-jwt')).status).toBe(401);
    expect((await api('/v1/user/profile', { headers: { Authorization: 'Basic abc' } })).status).toBe(401);
  });
});
