// One owner, two tabs on the same card (as a phone and a laptop would be): each tab saves what it
// changed, and neither undoes the other's save with its stale copy of the rest (docs/decisions/0084).
// After a save, a tab shows what is stored, the other tab's change included.
import { addLinks, signedInAccount } from '../harness/api.ts';
import { equal, eventually, seeText, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

type Profile = { data: { name: string; bio: string | null } };
type Links = { data: { id: number; title: string; is_active: boolean }[] };

export const twoTabs: Journey = {
  name: 'two tabs: a save in one tab never undoes the other tab’s',
  async run(t) {
    const { page: first, app, context } = t;
    const { api } = await signedInAccount(context, app, t.unique('twotabs'), 'Ada Lovelace');
    await addLinks(api, [{ title: 'My GitHub', url: 'https://github.com/ada' }]);
    const second = await context.newPage();

    await t.step('both tabs open Profile Settings', async () => {
      for (const page of [first, second]) {
        await page.goto(`${app.baseUrl}/dashboard/profile`);
        await visible(page.getByLabel('Bio', { exact: true }));
      }
    });

    await t.step('the first tab saves a bio', async () => {
      await first.getByLabel('Bio', { exact: true }).fill('Written in the first tab');
      await first.getByRole('button', { name: 'Save Profile' }).click();
      await seeText(first, 'Profile updated successfully');
    });

    await t.step('the second tab, still showing the old bio, saves a new name: the bio stays', async () => {
      equal(await second.getByLabel('Bio', { exact: true }).inputValue(), '', 'the stale form before its save');
      await second.getByLabel('Name', { exact: true }).fill('Ada King');
      await second.getByRole('button', { name: 'Save Profile' }).click();
      await seeText(second, 'Profile updated successfully');
      const stored = (await api.get<Profile>('/v1/user/profile')).data;
      equal([stored.name, stored.bio], ['Ada King', 'Written in the first tab'], 'both saves stored');
      // The second tab now shows what is stored, not its stale copy.
      await eventually(
        () => second.getByLabel('Bio', { exact: true }).inputValue(),
        'Written in the first tab',
        "the second tab's bio after its save",
      );
    });

    await t.step('the first tab hides a link; the second, open on it, renames it: it stays hidden', async () => {
      for (const page of [first, second]) {
        await page.goto(`${app.baseUrl}/dashboard/links`);
        await visible(page.getByRole('button', { name: 'Edit My GitHub', exact: true }));
      }
      await second.getByRole('button', { name: 'Edit My GitHub', exact: true }).click();
      const form = second.getByRole('region', { name: 'Edit Link' });
      await visible(form);
      await first.getByRole('switch', { name: 'Active: My GitHub' }).click();
      await eventually(
        async () => (await api.get<Links>('/v1/user/links')).data[0]?.is_active,
        false,
        'hidden by the first tab',
      );
      await form.getByLabel('Title', { exact: true }).fill('Code by Ada');
      await second.getByRole('button', { name: 'Update Link' }).click();
      await seeText(second, 'Link updated successfully');
      const [link] = (await api.get<Links>('/v1/user/links')).data;
      equal([link?.title, link?.is_active], ['Code by Ada', false], 'renamed and still hidden');
    });
    await second.close();
  },
};
