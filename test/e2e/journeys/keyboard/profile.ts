// Profile Settings with the keyboard alone: name and bio typed, the public/private switch toggled
// with Space, Save Profile, the photo re-cut in the crop dialog ('Adjust'), and Copy URL.
import { cameraJpeg, PHONE_AVATAR } from '../../../fixtures/camera-photos.ts';
import { signedInAccount } from '../../harness/api.ts';
import { withClipboard } from '../../harness/clipboard.ts';
import { openSectionByKeys } from '../../harness/dashboard.ts';
import { equal, eventually, seeText, visible } from '../../harness/expect.ts';
import type { Journey } from '../../harness/journey.ts';
import { fillByKeys, focused, tabTo } from '../../harness/keys.ts';

type Profile = { data: { name: string; bio: string | null; is_active: boolean; avatar_url: string | null } };

export const keyboardProfile: Journey = {
  name: 'keyboard only: profile settings and Copy URL',
  async run(t) {
    const { page, app, context } = t;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    const username = t.unique('keys');
    const { api, session } = await signedInAccount(context, app, username, 'Kay Board');
    // A phone photo as the avatar, so there is something to adjust.
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(await cameraJpeg(PHONE_AVATAR))], { type: 'image/jpeg' }), 'a.jpg');
    const uploaded = await fetch(`${app.baseUrl}/v1/user/profile/avatar`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.token}` },
      body: form,
    });
    equal(uploaded.status, 200, 'the avatar upload');

    await t.step('reach Profile Settings from the navigation', async () => {
      await page.goto(`${app.baseUrl}/dashboard`);
      await visible(page.getByRole('heading', { name: /^Welcome(?: back)?, Kay!$/ }));
      await openSectionByKeys(t, 'Profile');
      await visible(page.getByRole('heading', { name: 'Profile Settings', exact: true }));
      await visible(page.getByLabel('Bio'));
    });

    await t.step('type a new name and bio, make the card private, Save Profile', async () => {
      await fillByKeys(page, 'Name', 'Kay Boardman');
      await fillByKeys(page, 'Bio', 'Never touches the mouse.');
      await tabTo(page, 'Public Profile');
      equal((await focused(page))?.role, 'switch', 'the control named Public Profile');
      await page.keyboard.press('Space');
      await eventually(async () => (await focused(page))?.name, 'Private Profile', 'the switch after Space');
      equal((await focused(page))?.checked, 'false', 'the switch is off');
      await tabTo(page, 'Save Profile');
      await page.keyboard.press('Enter');
      await seeText(page, 'Profile updated successfully');
      const { data } = await api.get<Profile>('/v1/user/profile');
      equal(
        { name: data.name, bio: data.bio, is_active: data.is_active },
        { name: 'Kay Boardman', bio: 'Never touches the mouse.', is_active: false },
        'the saved profile',
      );
    });

    await t.step("'Adjust': zoom and move the photo with the keyboard, Save re-cuts it", async () => {
      const before = (await api.get<Profile>('/v1/user/profile')).data.avatar_url;
      await tabTo(page, 'Adjust');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Adjust profile photo' });
      await visible(dialog);
      await visible(dialog.locator('img[src^="data:image/webp"]'));
      await tabTo(page, 'Crop area');
      for (const key of ['+', '+', '+', 'ArrowDown', 'ArrowDown', 'ArrowRight']) await page.keyboard.press(key);
      await eventually(() => dialog.getByRole('slider', { name: 'Zoom' }).inputValue(), '1.75', 'the zoom after + + +');
      await tabTo(page, 'Save');
      await page.keyboard.press('Enter');
      await seeText(page, 'Profile photo updated successfully');
      const after = (await api.get<Profile>('/v1/user/profile')).data.avatar_url;
      equal(after !== null && after !== before, true, 'a new derivative set');
    });

    await t.step('Copy URL puts the card address on the clipboard', async () => {
      await tabTo(page, 'Copy URL');
      const text = await withClipboard(async () => {
        await page.keyboard.press('Enter');
        await seeText(page, 'Profile URL copied to clipboard');
        return page.evaluate<string>('navigator.clipboard.readText()');
      });
      equal(text, `${app.baseUrl}/p/${username}`, 'the copied URL');
    });
  },
};
