// A card's button style and shape on a phone: the owner turns on a custom theme, chooses outline
// pill buttons, a gradient and a pattern in the theme editor and saves; the card then draws its
// links as outlined pills (computed border and radius), on a gradient with no image request, and
// a designed preset draws its own style. axe on the editor and on both cards.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { axeCollector } from '../harness/a11y.ts';
import { addLinks, signedInAccount } from '../harness/api.ts';
import { equal, seeText, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

type Drawn = {
  radius: string;
  height: number;
  borderWidth: string;
  borderStyle: string;
  borderColour: string;
  colour: string;
  background: string;
  pageImage: string;
};

/** The first link's computed box, and the page's background layers. */
const firstLink = (page: Page) =>
  page.evaluate<Drawn>(`(() => {
    const link = document.querySelector('#card .links a');
    const style = getComputedStyle(link);
    return {
      radius: style.borderTopLeftRadius,
      height: link.getBoundingClientRect().height,
      borderWidth: style.borderTopWidth,
      borderStyle: style.borderTopStyle,
      borderColour: style.borderTopColor,
      colour: style.color,
      background: style.backgroundColor,
      pageImage: getComputedStyle(document.body).backgroundImage,
    };
  })()`);

export const buttonStyles: Journey = {
  name: 'button styles: outline pill buttons, a gradient and a pattern chosen in the theme editor are what the card draws on a phone',
  async run(t) {
    const { page, app, context, viewport } = t;
    const axe = axeCollector(t, 'light');
    const username = t.unique('looks');
    const { api } = await signedInAccount(context, app, username, 'Bea Button');
    await addLinks(api, [
      { title: 'Portfolio', url: 'https://example.com/portfolio' },
      { title: 'Book a call', url: 'https://example.com/call' },
    ]);

    await t.step('choose outline pill buttons, a gradient and dots in the theme editor, and save', async () => {
      await page.goto(`${app.baseUrl}/dashboard/themes`);
      await visible(page.getByRole('heading', { name: 'Select a Theme', exact: true }));
      await page.getByRole('button', { name: /Custom Theme/ }).click();
      await seeText(page, 'Custom theme enabled. You can now personalize your theme.');
      // Each choice is tapped where a person taps it, on its label.
      const choose = async (group: string, choice: string) => {
        const within = page.getByRole('group', { name: group });
        await within.getByText(choice, { exact: true }).click();
        equal(await within.getByRole('radio', { name: choice }).isChecked(), true, `${group}: ${choice}`);
      };
      await choose('Button style', 'Outline');
      await choose('Button shape', 'Pill');
      await page.getByRole('checkbox', { name: 'Blend the background into a second colour' }).check();
      await choose('Pattern', 'Dots');
      const style = page.getByRole('group', { name: 'Button style' });
      await style.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(t.outDir, `${viewport.name}-editor-looks.png`) });
      await axe.here('the theme editor with buttons, gradient and pattern');
      await page.getByRole('button', { name: 'Save Theme' }).click();
      await seeText(page, 'Custom theme updated successfully');
    });

    await t.step('the card draws its links as outlined pills on the gradient, with no image request', async () => {
      const images: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'image') images.push(request.url());
      });
      await page.goto(`${app.baseUrl}/p/${username}`);
      await visible(page.getByRole('link', { name: 'Portfolio' }));
      const drawn = await firstLink(page);
      // A pill: the radius is at least half the button's height.
      const radius = parseFloat(drawn.radius);
      if (!(radius >= drawn.height / 2)) throw new Error(`radius ${drawn.radius} on a ${drawn.height}px button`);
      equal([drawn.borderWidth, drawn.borderStyle], ['2px', 'solid'], "the button's border");
      equal(drawn.borderColour, drawn.colour, 'the outline is drawn in the text colour of the button');
      equal(drawn.background, 'rgba(0, 0, 0, 0)', 'an outline button is not filled');
      if (!drawn.pageImage.includes('linear-gradient') || !drawn.pageImage.includes('radial-gradient'))
        throw new Error(`the page's background layers: ${drawn.pageImage}`);
      equal(
        images.filter((url) => !url.includes('/icons/')),
        [],
        'image requests beyond the link icons',
      );
      await page.screenshot({ path: join(t.outDir, `${viewport.name}-card-outline-pill.png`), fullPage: true });
      await axe.here('the card with outline pill buttons');
    });

    await t.step('a designed preset draws its own style: Headline’s hard-shadow square blocks', async () => {
      const themes = await api.get<{ data: { id: number; name: string }[] }>('/v1/user/themes');
      const headline = themes.data.find((theme) => theme.name === 'Headline');
      if (!headline) throw new Error('no Headline preset');
      await api.put('/v1/user/profile/theme', { theme_id: headline.id, custom_theme: null });
      await page.goto(`${app.baseUrl}/p/${username}`);
      await visible(page.getByRole('link', { name: 'Portfolio' }));
      const drawn = await page.evaluate<{ radius: string; shadow: string }>(`(() => {
        const style = getComputedStyle(document.querySelector('#card .links a'));
        return { radius: style.borderTopLeftRadius, shadow: style.boxShadow };
      })()`);
      equal(drawn.radius, '0px', "a square button's radius");
      if (!/ 4px 4px 0px/.test(drawn.shadow)) throw new Error(`the hard shadow: ${drawn.shadow}`);
      await page.screenshot({ path: join(t.outDir, `${viewport.name}-card-headline.png`), fullPage: true });
      await axe.here('the card on the Headline preset');
    });

    await axe.assertNone();
  },
};
