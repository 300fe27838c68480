// A new owner uploads a camera photo and a cover and fills in the card while each is processed
// (sent, then made into its sizes by the Worker, which answers everything else slower meanwhile):
// what is typed while the upload or a save is on its way is what gets saved, and a reload shows it.
import type { Page } from 'playwright-core';
import { cameraJpeg, PHONE_AVATAR, PHONE_COVER } from '../../fixtures/camera-photos.ts';
import { signedInAccount } from '../harness/api.ts';
import { equal, eventually, seeText, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

type Profile = { data: { phone: string; pronouns: string; bio: string; job_title: string } };

async function choose(page: Page, button: string, name: string, photo: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/jpeg', buffer: photo });
}

export const typedDuringUpload: Journey = {
  name: 'a phone typed while the photo uploads is saved',
  timeoutMs: 180_000,
  async run(t) {
    const { page, app, context } = t;
    const { api } = await signedInAccount(context, app, t.unique('typed'), 'Grace Hopper');
    const [photo, cover] = await Promise.all([cameraJpeg(PHONE_AVATAR, 7), cameraJpeg(PHONE_COVER, 8)]);
    const field = (label: string) => page.getByLabel(label, { exact: true });
    const stored = async () => (await api.get<Profile>('/v1/user/profile')).data;

    await t.step(
      'a photo chosen; a bio saved and a phone typed while it is processed; saved: both stored',
      async () => {
        await page.goto(`${app.baseUrl}/dashboard/profile`);
        await visible(field('Phone'));
        await choose(page, 'Upload photo', 'IMG_0101.JPG', photo);
        await visible(page.getByRole('progressbar', { name: 'Avatar upload' }));
        await field('Bio').fill('Rear admiral and programmer');
        await page.getByRole('button', { name: 'Save Profile' }).click();
        // Typed at once, while the save is answered (the Worker still making the photo's sizes).
        await field('Phone').pressSequentially('+1 202 555 0143', { delay: 15 });
        await seeText(page, 'Profile updated successfully', 60_000);
        await seeText(page, 'Profile photo updated successfully', 60_000);
        equal(await field('Phone').inputValue(), '+1 202 555 0143', 'the phone as typed, after both answers');
        await page.getByRole('button', { name: 'Save Profile' }).click();
        await eventually(async () => (await stored()).phone, '+12025550143', 'the phone stored');
        equal((await stored()).bio, 'Rear admiral and programmer', 'the bio stored');
        await page.reload();
        await eventually(() => field('Phone').inputValue(), '+1 202 555 0143', 'the phone after a reload');
      },
    );

    await t.step('a cover chosen; pronouns and a job title typed while it is processed; saved after it', async () => {
      await choose(page, 'Upload cover', 'IMG_0102.JPG', cover);
      await visible(page.getByRole('progressbar', { name: 'Cover upload' }));
      await field('Pronouns').pressSequentially('she/her', { delay: 15 });
      await field('Job title').pressSequentially('Rear admiral', { delay: 15 });
      await seeText(page, 'Cover image uploaded successfully', 60_000);
      equal(
        [await field('Pronouns').inputValue(), await field('Job title').inputValue()],
        ['she/her', 'Rear admiral'],
        'what was typed, after the cover is stored',
      );
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await seeText(page, 'Profile updated successfully');
      const saved = await stored();
      equal([saved.pronouns, saved.job_title, saved.phone], ['she/her', 'Rear admiral', '+12025550143'], 'stored');
      await page.reload();
      await eventually(() => field('Pronouns').inputValue(), 'she/her', 'the pronouns after a reload');
    });
  },
};
