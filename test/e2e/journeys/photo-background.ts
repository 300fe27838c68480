// An owner makes a bright daylight photo the background of a card with white text, sets an
// overlay, saves, and a visitor on a phone reads the name: the card draws a veil of the background
// colour over the photo, at least the owner's and as much as the text needs to read at 4.5:1 on
// the photo as drawn (docs/product.md §2, Background image). axe on the editor and the card.
import { backdropFor, greyLevel } from '../../../shared/backdrop.ts';
import { contrast } from '../../../shared/colour.ts';
import { cameraJpeg, PHONE_BRIGHT } from '../../fixtures/camera-photos.ts';
import { axeCollector } from '../harness/a11y.ts';
import { signedInAccount } from '../harness/api.ts';
import { equal, seeText, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

type Card = { data: { background_tones: { dark: number; light: number } | null } };

const grey = (level: number) => `#${Math.round(level).toString(16).padStart(2, '0').repeat(3)}`;

export const photoBackground: Journey = {
  name: 'a bright photo background with an overlay keeps the card readable on a phone',
  timeoutMs: 180_000,
  async run(t) {
    const { page, app, context } = t;
    const { account, api } = await signedInAccount(context, app, t.unique('daylight'), 'Ada Lovelace');
    const axe = axeCollector(t, 'light');
    const photo = await cameraJpeg(PHONE_BRIGHT, 11);

    await t.step('white text on a dark colour, a daylight photo behind it, an overlay of 30 %; saved', async () => {
      await page.goto(`${app.baseUrl}/dashboard/themes`);
      await page.getByRole('button', { name: /Custom Theme/ }).click();
      for (const [label, colour] of [
        ['Background Color', '#111827'],
        ['Text Color', '#FFFFFF'],
      ] as const) {
        const field = page.getByLabel(label, { exact: true });
        await field.fill(colour);
        await field.press('Enter');
      }
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Upload background' }).click();
      await (await chooser).setFiles({ name: 'IMG_2207.JPG', mimeType: 'image/jpeg', buffer: photo });
      await seeText(page, 'Background image uploaded successfully', 90_000);
      const overlay = page.getByRole('slider', { name: 'Image overlay' });
      await visible(overlay);
      await overlay.fill('30');
      await visible(page.getByText('30%', { exact: true }));
      // On daylight 30 % is not enough for white text: the editor says what the card draws.
      await visible(page.getByText(/^So your text can be read on this image, your card draws it at \d+%\.$/));
      await page.getByRole('button', { name: 'Save Theme' }).click();
      await seeText(page, 'Custom theme updated successfully');
    });
    await axe.here('themes with a photo background and its overlay');

    const card = page;
    await t.step('the card draws the veil and the name reads on the photo as drawn', async () => {
      await card.goto(`${app.baseUrl}/p/${account.username}`);
      await visible(card.getByRole('heading', { name: 'Ada Lovelace' }));
      if (process.env.PHOTO_BACKGROUND_SCREENSHOT)
        await card.screenshot({ path: process.env.PHOTO_BACKGROUND_SCREENSHOT });
      const tones = (await api.get<Card>(`/v1/p/${account.username}`)).data.background_tones;
      equal(tones !== null && tones.light > 200, true, `the photo measured as bright (${JSON.stringify(tones)})`);
      const drawn = await card.evaluate<{ layers: string; veil: string; name: string }>(`(() => {
        const body = getComputedStyle(document.body);
        return {
          layers: body.backgroundImage,
          veil: body.getPropertyValue('--vl').trim(),
          name: getComputedStyle(document.querySelector('h1')).color,
        };
      })()`);
      equal(drawn.name, 'rgb(255, 255, 255)', 'the name in the owner’s white');
      const veil = /^linear-gradient\(#111827([0-9a-f]{2}),#111827\1\) fixed,$/.exec(drawn.veil);
      equal(veil !== null, true, `a veil of the background colour (${drawn.veil})`);
      equal(
        /linear-gradient\(.*\),\s*url\(.*\/media\/backgrounds\//.test(drawn.layers),
        true,
        `veil over photo (${drawn.layers})`,
      );
      const share = parseInt(veil![1]!, 16) / 255;
      const expected = backdropFor('#ffffff', '#111827', tones, 30).share;
      equal(share >= 0.3 && share >= expected, true, `the veil at ${share}, at least 30 % and ${expected}`);
      const light = tones!.light + (greyLevel('#111827') - tones!.light) * share;
      const ratio = contrast('#ffffff', grey(light));
      equal(ratio >= 4.5, true, `white on the lightest of the photo as drawn reads at ${ratio.toFixed(2)}:1`);
    });
    await axe.here('the card with a photo background', true);
    await axe.assertNone();
  },
};
