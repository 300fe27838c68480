// Share, Contacts and Your data on a 1440 px screen use its width as the other screens do: their
// sections spread over the content area, two side by side, rather than a 740 px column in the
// middle of it.
import { signedInAccount } from '../harness/api.ts';
import { equal, visible } from '../harness/expect.ts';
import { heading } from '../harness/a11y.ts';
import type { Journey } from '../harness/journey.ts';

type Spread = { span: number; sideBySide: boolean; cards: number };

export const wideScreens: Journey = {
  name: 'Share, Contacts and Your data use the width of a wide screen',
  async run(t) {
    const { page, app, context, outDir } = t;
    const username = t.unique('wide');
    await signedInAccount(context, app, username, 'Wide Screen');
    // Each screen, and a card it draws once its data has arrived (before, a skeleton stands there).
    for (const [path, title, card] of [
      ['/dashboard/share', 'Share', 'Links for each channel'],
      ['/dashboard/contacts', 'Contacts', 'Contact exchange'],
      ['/dashboard/data', 'Your data', 'Delete account'],
    ] as const) {
      await t.step(`${title}: its sections spread over the screen, two side by side`, async () => {
        await page.goto(`${app.baseUrl}${path}`);
        await heading(title)(page);
        await visible(page.getByText(card, { exact: true }));
        // The screen's cards (components/ui/card.tsx) once drawn: how wide they reach together, and
        // whether two share a line.
        const spread = await page.evaluate<Spread>(`(() => {
          const boxes = [...document.querySelectorAll('main .rounded-xl.border.shadow-sm')]
            .map((card) => card.getBoundingClientRect())
            .filter((box) => box.width > 0);
          const left = Math.min(...boxes.map((box) => box.left));
          const right = Math.max(...boxes.map((box) => box.right));
          const sideBySide = boxes.some((a) =>
            boxes.some((b) => b.left >= a.right && b.top < a.bottom && a.top < b.bottom),
          );
          return { span: Math.round(right - left), sideBySide, cards: boxes.length };
        })()`);
        await page.screenshot({ path: `${outDir}/${t.viewport.name}-${title.replace(' ', '-')}.png` });
        equal(spread.cards >= 2, true, `${title}: its cards`);
        equal(spread.span >= 1000, true, `${title}: the width its sections reach (${spread.span} px)`);
        equal(spread.sideBySide, true, `${title}: two sections side by side`);
      });
    }
  },
};
