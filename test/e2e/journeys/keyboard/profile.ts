// Profile Settings with the keyboard alone (issue 6): name and bio typed, the public/private
// switch toggled with Space, Save Profile, and Copy URL.
import { signedInAccount } from '../../harness/api.ts';
import { withClipboard } from '../../harness/clipboard.ts';
import { openSectionByKeys } from '../../harness/dashboard.ts';
import { equal, eventually, seeText, visible } from '../../harness/expect.ts';
import type { Journey } from '../../harness/journey.ts';
import { fillByKeys, focused, tabTo } from '../../harness/keys.ts';

type Profile = { data: { name: string; bio: string | null; is_active: boolean } };

export const keyboardProfile: Journey = {
  name: 'keyboard only: profile settings and Copy URL',
  async run(t) {
    const { page, app, context } = t;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    const username = t.unique('keys');
    const { api } = await signedInAccount(context, app, username, 'Kay Board');

    await t.step('reach Profile Settings from the navigation', async () => {
      await page.goto(`${app.baseUrl}/dashboard`);
      await visible(page.getByRole('heading', { name: 'Welcome back, Kay!', exact: true }));
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
