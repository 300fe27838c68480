import { beforeAll, describe, expect, it } from 'vitest';
import { BIO_MAX } from '@shared/constants';
import { api, ORIGIN, registerUser } from '../helpers';
import { flushAll, view, visitor } from '../services/events-helpers';
import { bucketMatchesCards, file, imageBytes, postForm, profileRow, ownerOf } from '../images';

let alice: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  [alice, bob] = await Promise.all([registerUser(), registerUser()]);
});

const update = (token: string | undefined, fields: Record<string, string | File>) =>
  postForm('/v1/user/profile/update', token, fields);

describe('POST /v1/user/profile/update', () => {
  it('updates name, bio and visibility and answers the user view', async () => {
    const res = await update(alice.token, {
      name: '  Alice Example ',
      username: alice.username,
      bio: 'Builder of things',
      is_active: '0',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Profile updated successfully',
      data: {
        id: alice.id,
        name: 'Alice Example',
        username: alice.username,
        bio: 'Builder of things',
        is_active: false,
      },
    });
    expect(res.body.data.profile).toMatchObject({ name: 'Alice Example', is_active: false });
    const row = await profileRow(alice.id);
    expect(row).toMatchObject({ name: 'Alice Example', bio: 'Builder of things', is_active: 0 });

    const back = await update(alice.token, { name: 'Alice Example', username: alice.username, is_active: '1' });
    expect(back.body.data).toMatchObject({ is_active: true, bio: 'Builder of things' });
  });

  it('changes the username, keeping links, theme, template and counts; the old name redirects', async () => {
    const user = await registerUser();
    await api('/v1/user/links', {
      method: 'POST',
      token: user.token,
      json: { title: 'Site', url: 'https://a.example' },
    });
    await api('/v1/user/profile/theme', { method: 'PUT', token: user.token, json: { theme_id: 3 } });
    await api('/v1/user/profile/template', { method: 'PUT', token: user.token, json: { template_id: 2 } });
    // Two views already counted (the counters are keyed by the owner's id, not the name).
    for (const who of [1, 2]) await view(user.username, visitor(who));
    await flushAll();

    const newName = `${user.username}_new`.slice(0, 50);
    const res = await update(user.token, { name: user.name, username: newName.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ username: newName, theme_id: 3, template_id: 2, views: 2 });

    const card = await api(`/v1/p/${newName}`);
    expect(card.status).toBe(200);
    expect(card.body.data.links).toHaveLength(1);
    expect(card.body.data.theme.id).toBe(3);
    // The old name is held for its owner and moves visitors on (README, Decisions: usernames).
    const old = await api(`/v1/p/${user.username}`, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(new URL(old.headers.get('Location')!, ORIGIN).pathname).toBe(`/v1/p/${newName}`);
  });

  it('refuses a username another card has, and changes nothing', async () => {
    const before = await profileRow(alice.id);
    const res = await update(alice.token, { name: 'Someone', username: bob.username.toUpperCase() });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      success: false,
      message: 'This username is already taken',
      errors: { username: ['This username is already taken'] },
    });
    expect(await profileRow(alice.id)).toEqual(before);
  });

  it('refuses missing, short, overlong and malformed fields with the documented messages', async () => {
    const before = await profileRow(alice.id);
    const cases: [Record<string, string>, string, string][] = [
      [{ name: '', username: alice.username }, 'name', 'Name must be at least 2 characters'],
      [{ name: '   ' }, 'name', 'Name must be at least 2 characters'],
      [{ name: 'A', username: alice.username }, 'name', 'Name must be at least 2 characters'],
      [{ name: 'x'.repeat(101), username: alice.username }, 'name', 'Name is too long'],
      [{ name: 'Alice', username: '' }, 'username', 'Username must be at least 3 characters'],
      [{ name: 'Alice', username: 'x'.repeat(51) }, 'username', 'Username is too long'],
      [
        { name: 'Alice', username: 'bad name!' },
        'username',
        'Username can only contain lowercase letters, numbers, underscores, and hyphens',
      ],
      [{ name: 'Alice', username: 'dashboard' }, 'username', 'This username is not available'],
      [
        { name: 'Alice', username: alice.username, bio: 'b'.repeat(BIO_MAX + 1) },
        'bio',
        `Bio must be at most ${BIO_MAX} characters`,
      ],
      [{ name: 'Alice', username: alice.username, is_active: 'maybe' }, 'is_active', 'is_active must be 1 or 0'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await update(alice.token, fields);
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(res.body.success).toBe(false);
      expect(res.body.errors[field]).toContain(message);
    }
    expect(await profileRow(alice.id)).toEqual(before);
  });

  it('keeps every field left out, name and username too: two tabs saving different fields both stay', async () => {
    const owner = await registerUser();
    // Tab A saves a new bio and a job title.
    const a = await update(owner.token, { bio: 'Written in tab A', job_title: 'Engineer' });
    expect(a.status).toBe(200);
    // Tab B, opened before, changes only the name: it sends the name alone.
    const b = await update(owner.token, { name: 'Renamed In B' });
    expect(b.status).toBe(200);
    expect(b.body.data).toMatchObject({
      name: 'Renamed In B',
      username: owner.username,
      bio: 'Written in tab A',
      job_title: 'Engineer',
    });
    expect(await profileRow(owner.id)).toMatchObject({
      name: 'Renamed In B',
      username: owner.username,
      bio: 'Written in tab A',
      job_title: 'Engineer',
    });
  });

  it('sets and removes the avatar through the form; a bad image changes nothing', async () => {
    const user = await registerUser();
    const withAvatar = await update(user.token, {
      name: user.name,
      username: user.username,
      avatar: file(await imageBytes('png'), 'me.png', 'image/png'),
    });
    expect(withAvatar.status).toBe(200);
    expect(withAvatar.body.data.avatar_url).toMatch(
      new RegExp(`/media/avatars/${await ownerOf(user.id)}/[0-9a-f]{32}/384\\.jpg$`),
    );
    const before = await profileRow(user.id);

    const bad = await update(user.token, {
      name: 'Changed Name',
      username: user.username,
      avatar: file('<html></html>', 'avatar.png', 'image/png'),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ avatar: ['Avatar must be a JPG, PNG, GIF or WebP image'] });
    expect(await profileRow(user.id)).toEqual(before);

    // A browser form with no file chosen sends an empty part: the avatar stays.
    const empty = await update(user.token, {
      name: user.name,
      username: user.username,
      avatar: file(new Uint8Array(), '', 'application/octet-stream'),
    });
    expect(empty.body.data.avatar_url).toBe(withAvatar.body.data.avatar_url);

    const removed = await update(user.token, { name: user.name, username: user.username, remove_avatar: 'true' });
    expect(removed.status).toBe(200);
    expect(removed.body.data.avatar_url).toBeNull();
    const { bucket, cards } = await bucketMatchesCards();
    expect(bucket).toEqual(cards);
  });

  it('answers 401 to an anonymous or badly signed request', async () => {
    expect((await update(undefined, { name: 'Alice', username: 'alice' })).status).toBe(401);
    expect((await update('not-a-token', { name: 'Alice', username: 'alice' })).status).toBe(401);
  });
});
