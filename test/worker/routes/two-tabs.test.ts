import { describe, expect, it } from 'vitest';
import { api, registerUser } from '../helpers';
import { file, imageBytes, postForm, profileRow } from '../images';

// One owner editing the same card from two places at once (a phone and a laptop, two tabs): each
// write below is what the dashboard sends from a screen loaded before the other place's change.
// Nothing stored by one place may be lost or silently undone by the other's stale copy
// (docs/decisions/0084).

type Owner = Awaited<ReturnType<typeof registerUser>>;
const addLink = async (owner: Owner, title: string) => {
  const res = await api('/v1/user/links', {
    method: 'POST',
    token: owner.token,
    json: { title, url: `https://example.com/${title.toLowerCase()}` },
  });
  expect(res.status).toBe(201);
  return res.body.link.id as number;
};
const listed = async (owner: Owner) =>
  ((await api('/v1/user/links', { token: owner.token })).body.data as { id: number; display_order: number }[]).map(
    (link) => [link.id, link.display_order],
  );
const reorder = (owner: Owner, ids: number[]) =>
  api('/v1/user/links/order', { method: 'PUT', token: owner.token, json: { ids } });

describe('links edited from two places', () => {
  it('refuses a reorder of a stale list (a link added or deleted elsewhere), changing nothing', async () => {
    const owner = await registerUser();
    const [a, b, c] = [await addLink(owner, 'One'), await addLink(owner, 'Two'), await addLink(owner, 'Three')];
    // The laptop loaded [a, b, c]; the phone adds d.
    const d = await addLink(owner, 'Four');
    const before = await listed(owner);
    const stale = await reorder(owner, [c, b, a]);
    expect(stale.status).toBe(422);
    expect(stale.body.errors.ids).toEqual(['The order must list each of your links exactly once']);
    expect(await listed(owner)).toEqual(before);

    // The phone deletes a; the laptop's list still names it.
    expect((await api(`/v1/user/links/${a}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    const after = await listed(owner);
    expect((await reorder(owner, [d, c, b, a])).status).toBe(422);
    expect(await listed(owner)).toEqual(after);
  });

  it('keeps a link hidden and moved elsewhere when the other place saves only its new title', async () => {
    const owner = await registerUser();
    const [a, b] = [await addLink(owner, 'One'), await addLink(owner, 'Two')];
    // The phone moves b first and hides a.
    expect((await reorder(owner, [b, a])).status).toBe(200);
    await api(`/v1/user/links/${a}`, { method: 'PUT', token: owner.token, json: { is_active: false } });
    // The laptop, open on a, changes its title: the dashboard sends the title alone.
    const edit = await api(`/v1/user/links/${a}`, { method: 'PUT', token: owner.token, json: { title: 'Renamed' } });
    expect(edit.status).toBe(200);
    expect(edit.body.link).toMatchObject({ title: 'Renamed', is_active: false, display_order: 1 });
    expect(await listed(owner)).toEqual([
      [b, 0],
      [a, 1],
    ]);
  });

  it('answers 404 to an edit or a toggle of a link deleted elsewhere, and brings nothing back', async () => {
    const owner = await registerUser();
    const a = await addLink(owner, 'One');
    await api(`/v1/user/links/${a}`, { method: 'DELETE', token: owner.token });
    const edit = await api(`/v1/user/links/${a}`, { method: 'PUT', token: owner.token, json: { title: 'Back?' } });
    expect(edit.status).toBe(404);
    expect(edit.body.message).toBe('Link not found');
    expect(await listed(owner)).toEqual([]);
  });
});

describe('the profile and its images saved from two places', () => {
  it('keeps an avatar uploaded on the phone when the laptop then saves the profile form', async () => {
    const owner = await registerUser();
    const photo = file(await imageBytes('png'), 'me.png', 'image/png');
    expect((await postForm('/v1/user/profile/avatar', owner.token, { avatar: photo })).status).toBe(200);
    const key = (await profileRow(owner.id))?.avatar_key;
    expect(key).toBeTruthy();
    // The form never carries the photo's URL: a save of its fields leaves the photo alone.
    const saved = await postForm('/v1/user/profile/update', owner.token, { bio: 'From the laptop' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.avatar_url).toBeTruthy();
    expect(await profileRow(owner.id)).toMatchObject({ avatar_key: key, bio: 'From the laptop' });
  });

  it('keeps the theme and template chosen on the phone when the laptop saves the profile form', async () => {
    const owner = await registerUser();
    const [themes, templates] = await Promise.all([
      api('/v1/user/themes', { token: owner.token }),
      api('/v1/user/templates', { token: owner.token }),
    ]);
    const theme = themes.body.data.at(-1).id as number;
    const template = templates.body.data.at(-1).id as number;
    const json = { theme_id: theme, custom_theme: null };
    expect((await api('/v1/user/profile/theme', { method: 'PUT', token: owner.token, json })).status).toBe(200);
    const chosen = { template_id: template };
    expect((await api('/v1/user/profile/template', { method: 'PUT', token: owner.token, json: chosen })).status).toBe(
      200,
    );
    const saved = await postForm('/v1/user/profile/update', owner.token, { name: 'Laptop Name' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ name: 'Laptop Name', theme_id: theme, template_id: template });
  });
});
