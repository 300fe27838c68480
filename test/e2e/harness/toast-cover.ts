// Where a toast lies and which field it covers, measured in the page at the moment of the tap: the
// toast slides in and is lifted or lowered as the save bar and the preview bar come and go, and the
// form's height follows its texts (the card's address holds the port), so no position is assumed.
import type { Page } from 'playwright-core';

export interface CoveredField {
  /** The id of the field under the middle of the toast's text. */
  id: string;
  x: number;
  y: number;
}

/**
 * Waits until the toast titled `title` is at rest (its text still for several frames, no transition
 * running in it), then scrolls the page so that a field of `fields` lies under the middle of its
 * text, and answers the point only when the browser itself finds, at that point, the toast's text
 * on top and that field first beneath the toasts. Null when no field can be brought there.
 */
export async function fieldUnderToast(page: Page, title: string, fields: string): Promise<CoveredField | null> {
  // A string, as the journeys' other page scripts: their TypeScript knows no DOM.
  return page.evaluate<CoveredField | null>(`(async () => {
    const title = ${JSON.stringify(title)};
    const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
    const middle = () => {
      const element = [...document.querySelectorAll('[data-sonner-toast] [data-title]')]
        .find((candidate) => candidate.textContent === title);
      if (!element) throw new Error('no toast titled ' + title);
      const box = element.getBoundingClientRect();
      return { element, x: box.left + box.width / 2, y: box.top + box.height / 2 };
    };
    const moving = (element) => (element.closest('[data-sonner-toaster]') ?? element)
      .getAnimations({ subtree: true })
      .some((animation) => animation.playState === 'running');
    const rest = async () => {
      let last = '';
      for (let still = 0, frames = 0; still < 5; frames++) {
        if (frames > 600) throw new Error('the toast ' + title + ' never came to rest');
        await frame();
        const { element, x, y } = middle();
        still = x + ',' + y === last && !moving(element) ? still + 1 : 0;
        last = x + ',' + y;
      }
    };
    await rest();
    for (const field of document.querySelectorAll(${JSON.stringify(fields)})) {
      const at = field.getBoundingClientRect();
      const top = scrollY + at.top + at.height / 2 - middle().y;
      if (top < 0 || top > document.documentElement.scrollHeight - innerHeight) continue;
      scrollTo({ top, behavior: 'instant' });
      // Whatever the scroll moves (a bar that hides, the toasts' list) settles before the check.
      await rest();
      const point = middle();
      const stack = document.elementsFromPoint(point.x, point.y);
      const beneath = stack.find((element) => !element.closest('[data-sonner-toaster]'));
      if (point.element.contains(stack[0]) && beneath && field.contains(beneath))
        return { id: field.id, x: point.x, y: point.y };
    }
    return null;
  })()`);
}
