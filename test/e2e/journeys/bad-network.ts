// The editor on a bad phone network: offline (the phone knows it), a proxy's 502 and a refetch
// that fails after a save. Each change fails with the screen's words and can be made again, or is
// done and listed when the server took it; nothing needs a reload.
import { signedInAccount } from '../harness/api.ts';
import { equal, eventually, hidden, seeText, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

type Stored = { data: { title: string }[] };
const BAD_GATEWAY = {
  status: 502,
  contentType: 'text/html',
  body: '<html><body><h1>502 Bad Gateway</h1></body></html>',
};

export const badNetwork: Journey = {
  name: 'links on a bad phone network: offline, a chunk not fetched, Undo without an answer, a refetch that fails',
  timeoutMs: 240_000,
  async run(t) {
    const { page, app, context } = t;
    const { api } = await signedInAccount(context, app, t.unique('train'), 'Ada Lovelace');
    await api.post('/v1/user/links', { title: 'GitHub', url: 'https://github.com/ada', icon: '', is_active: true });
    const list = page.getByRole('list', { name: 'Your Links' });
    const form = page.getByRole('region', { name: 'Add New Link' });
    const titles = async () => (await api.get<Stored>('/v1/user/links?all=true')).data.map((link) => link.title);

    await t.step("offline, the form's chunk cannot load: said in words, and Try Again loads it", async () => {
      await page.goto(`${app.baseUrl}/dashboard/links`);
      await visible(list.getByText('GitHub', { exact: true }));
      await context.setOffline(true);
      await page.getByRole('button', { name: 'New Link', exact: true }).tap();
      await visible(form.getByText('This section could not be loaded. Check your connection and try again.'));
      equal(await form.getByText(/dynamically imported module/).count(), 0, "no browser's message");
      if (process.env.BAD_NETWORK_SCREENSHOT) await page.screenshot({ path: process.env.BAD_NETWORK_SCREENSHOT });
      await context.setOffline(false);
      await form.getByRole('button', { name: 'Try Again' }).tap();
      await visible(form.getByLabel('Link', { exact: true }));
    });

    await t.step('offline, Add Link fails with the documented words at once; back online it saves', async () => {
      await form.getByLabel('Link', { exact: true }).fill('https://www.instagram.com/ada.lovelace/');
      await context.setOffline(true);
      await form.getByRole('button', { name: 'Add Link' }).tap();
      await seeText(page, 'Failed to create link. Please try again.', 10_000);
      equal(await form.getByLabel('Username', { exact: true }).inputValue(), 'ada.lovelace', 'what was typed is kept');
      await context.setOffline(false);
      await form.getByRole('button', { name: 'Add Link' }).tap();
      await hidden(form);
      await visible(list.getByText('Instagram', { exact: true }));
      equal(await titles(), ['GitHub', 'Instagram'], 'saved once');
    });

    await t.step("a proxy's 502 on the refetch after a save: the list keeps every link", async () => {
      await page.route('**/v1/user/links?all=true', (route) => route.fulfill(BAD_GATEWAY));
      await page.getByRole('button', { name: 'New Link', exact: true }).tap();
      await form.getByLabel('Link', { exact: true }).fill('https://www.tiktok.com/@ada.codes');
      await form.getByRole('button', { name: 'Add Link' }).tap();
      await seeText(page, 'Link created successfully', 10_000);
      await visible(list.getByText('TikTok', { exact: true }));
      await visible(list.getByText('GitHub', { exact: true }));
      equal(await page.getByText(/Error loading links/).count(), 0, 'no load error over the list');
      await page.unroute('**/v1/user/links?all=true');
    });

    await t.step('Undo without an answer offers Try again, which brings the link back', async () => {
      await list.getByRole('button', { name: 'Delete GitHub' }).tap();
      const undo = page.getByRole('button', { name: 'Undo' });
      await visible(undo);
      await context.setOffline(true);
      await undo.tap();
      await seeText(page, 'Check your connection. The deleted link is kept for 10 minutes.', 10_000);
      await context.setOffline(false);
      await page.getByRole('button', { name: 'Try again' }).tap();
      await seeText(page, 'Link restored');
      await visible(list.getByText('GitHub', { exact: true }));
      await eventually(async () => (await titles()).includes('GitHub'), true, 'the link is back on the server');
    });
  },
};
