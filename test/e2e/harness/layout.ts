// Every screen fits a 390px phone: the page never scrolls sideways. On the phone the
// runner puts a watcher in every page that reports each screen that overflows (also screens a step
// only passes through), and checks every open page when a step ends.
import type { BrowserContext, Locator, Page } from 'playwright-core';

export type Overflow = { screen: string; scrollWidth: number; viewportWidth: number; offenders: string[] };

/**
 * Answers null when the page fits, else the screen (path and first heading) and the elements that
 * reach past the right edge, widest first. Elements inside a box that clips or scrolls sideways
 * do not widen the page, so they are not named. (A string: this project's Node types have no DOM.)
 */
const MEASURE = `() => {
  const root = document.documentElement;
  // Not window.innerWidth: on a phone the layout viewport widens to the content (innerWidth became
  // 515 for a 640px box on the 390px screen), so it never shows the overflow; clientWidth stays 390.
  const viewportWidth = root.clientWidth;
  if (!document.body || root.scrollWidth <= viewportWidth) return null;
  const clipped = (el) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== 'visible') return true;
    }
    return false;
  };
  const describe = (el) => {
    const id = el.id ? '#' + el.id : '';
    const cls = typeof el.className === 'string' && el.className.trim()
      ? '.' + el.className.trim().split(/\\s+/).slice(0, 4).join('.')
      : '';
    const text = (el.innerText || el.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 50);
    return el.tagName.toLowerCase() + id + cls + (text ? ' "' + text + '"' : '');
  };
  const found = [];
  for (const el of document.body.querySelectorAll('*')) {
    const style = getComputedStyle(el);
    if (style.position === 'fixed' || style.display === 'none') continue;
    const box = el.getBoundingClientRect();
    const width = Math.max(box.width, el.scrollWidth);
    const right = box.left + window.scrollX + width;
    if (right <= viewportWidth + 0.5 || clipped(el)) continue;
    found.push({ width, right, what: describe(el) });
  }
  found.sort((a, b) => b.width - a.width || b.right - a.right);
  const heading = document.querySelector('h1');
  const title = heading ? ' "' + heading.innerText.replace(/\\s+/g, ' ').trim() + '"' : '';
  return {
    screen: location.pathname + location.search + title,
    scrollWidth: root.scrollWidth,
    viewportWidth,
    offenders: found.slice(0, 3).map((f) => f.what + ' (' + Math.round(f.width) + 'px wide, right edge ' + Math.round(f.right) + 'px)'),
  };
}`;

export const OVERFLOW_MARK = '[e2e-overflow] ';
const SETTLED_HOOK = '__e2eOverflowSettled';

/**
 * Measures again 300 ms after the page last changed (so an animation in flight is not judged) and
 * logs each overflowing screen once on the console, where the runner picks it up. SETTLED_HOOK
 * answers once no measurement is pending (at most a second: a page that never stops changing is
 * never measured by the watcher, only by checkOpenPages).
 */
const WATCH = `(() => {
  const measure = ${MEASURE};
  const told = new Set();
  let timer = 0;
  let waiting = [];
  const check = () => {
    timer = 0;
    const overflow = measure();
    if (overflow && !told.has(overflow.screen)) {
      told.add(overflow.screen);
      console.warn(${JSON.stringify(OVERFLOW_MARK)} + JSON.stringify(overflow));
    }
    waiting.splice(0).forEach((resolve) => resolve());
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(check, 300);
  };
  window[${JSON.stringify(SETTLED_HOOK)}] = () =>
    timer ? new Promise((resolve) => { waiting.push(resolve); setTimeout(resolve, 1000); }) : Promise.resolve();
  const start = () => {
    new MutationObserver(later).observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
    addEventListener('resize', later);
    later();
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})()`;

export async function watchOverflow(context: BrowserContext) {
  await context.addInitScript({ content: WATCH });
}

export function describeOverflow(overflow: Overflow) {
  const widest = overflow.offenders[0] ?? '(no single element: the page itself)';
  return (
    `horizontal overflow at ${overflow.viewportWidth}px on ${overflow.screen}: the page is ${overflow.scrollWidth}px wide; ` +
    `widest element past the edge: ${widest}` +
    (overflow.offenders.length > 1 ? `\n    also: ${overflow.offenders.slice(1).join('\n    also: ')}` : '')
  );
}

const isGone = (error: unknown) =>
  /context was destroyed|navigat|Target (page, context or browser )?(has been )?closed/i.test(String(error));

/** Waits until the page's watcher has no measurement pending, so what it saw has been reported. */
export async function watcherSettled(page: Page) {
  if (page.isClosed() || !page.url().startsWith('http')) return;
  try {
    await page.evaluate(`window.${SETTLED_HOOK} ? window.${SETTLED_HOOK}() : null`);
  } catch (error) {
    // A page that navigates or closes meanwhile has nothing pending any more.
    if (!page.isClosed() && !isGone(error)) throw error;
  }
}

/** Throws, naming the screen and the widest element past the edge, when the page scrolls sideways now. */
export async function assertNoHorizontalOverflow(page: Page) {
  if (page.isClosed() || !page.url().startsWith('http')) return;
  let overflow: Overflow | null;
  for (let attempt = 0; ; attempt++) {
    try {
      await page.waitForLoadState('domcontentloaded');
      overflow = await page.evaluate<Overflow | null>(`(${MEASURE})()`);
      break;
    } catch (error) {
      // A page that navigates or closes under the check is judged on its next screen.
      if (page.isClosed()) return;
      if (!isGone(error) || attempt >= 2) throw error;
    }
  }
  if (overflow) throw new Error(describeOverflow(overflow));
}

/** The little of an element smallTargets reads (this project's Node types have no DOM). */
type Target = {
  getBoundingClientRect(): { width: number; height: number };
  getAttribute(name: string): string | null;
  textContent: string | null;
};

/**
 * The tap targets among `targets` that a thumb on a phone easily misses: each one's name (its
 * aria-label or text) and size when its box is narrower or shorter than `min` px.
 */
export function smallTargets(targets: Locator, min: number): Promise<string[]> {
  return targets.evaluateAll(
    (elements, least) =>
      (elements as unknown as Target[])
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width < least || box.height < least)
        .map(({ element, box }) => {
          const name = element.getAttribute('aria-label') || (element.textContent ?? '').trim();
          return `${name} (${Math.round(box.width)}x${Math.round(box.height)})`;
        }),
    min,
  );
}
