// The keyboard alone: a journey reaches a control with Tab, by the name a person hears,
// and works it with keys. Nothing here clicks or fills; the page is only read.
import type { Locator, Page } from 'playwright-core';
import { until } from './expect.ts';

export type Focused = { name: string; role: string; value: string | null; checked: string | null };

/**
 * What a person hears for the focused element: its aria-labelledby or aria-label, its label, or
 * its visible text. Read in one step inside the page (this project's Node types have no DOM, hence
 * the string), so a re-render between two reads cannot leave a locator waiting on a lost element.
 */
const FOCUSED = `(() => {
  const squash = (text) => (text || '').replace(/\\s+/g, ' ').trim();
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return null;
  const labelledBy = el.getAttribute('aria-labelledby');
  let name = labelledBy
    ? labelledBy.split(/\\s+/).map((id) => squash(document.getElementById(id)?.innerText)).join(' ').trim()
    : '';
  if (!name) name = squash(el.getAttribute('aria-label'));
  if (!name && el.id) {
    const label = document.querySelector('label[for="' + CSS.escape(el.id) + '"]');
    if (label) name = squash(label.innerText);
  }
  if (!name) name = squash(el.closest('label')?.innerText);
  if (!name) name = squash(el.innerText || el.textContent);
  if (!name) name = squash(el.getAttribute('placeholder') || el.getAttribute('title'));
  const role = el.getAttribute('role') || el.tagName.toLowerCase();
  const value = 'value' in el && typeof el.value === 'string' ? el.value : null;
  return { name, role, value, checked: el.getAttribute('aria-checked') ?? el.getAttribute('aria-pressed') };
})()`;

export async function focused(page: Page): Promise<Focused | null> {
  return page.evaluate<Focused | null>(FOCUSED);
}

export async function focusedName(page: Page) {
  return (await focused(page))?.name ?? '';
}

const matches = (name: string, target: string | RegExp) =>
  typeof target === 'string' ? name === target : target.test(name);

/**
 * Presses Tab (or Shift+Tab) until the focused element's name is `target`; fails naming the stops
 * it passed, so a control the keyboard cannot reach is reported as such.
 */
export async function tabTo(page: Page, target: string | RegExp, { back = false, max = 120 } = {}) {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const name = await focusedName(page);
    if (matches(name, target)) return;
    if (seen.at(-1) !== name) seen.push(name || '(nothing)');
  }
  const path = seen.slice(0, 60).join(' | ');
  throw new Error(
    `${back ? 'Shift+Tab' : 'Tab'} never reached "${String(target)}" on ${page.url()}; it passed: ${path}`,
  );
}

/** Waits until focus rests on `target` (after a menu or dialog moves it there itself). */
export async function focusIsOn(page: Page, target: string | RegExp, what = `focus on "${String(target)}"`) {
  await until(async () => matches(await focusedName(page), target), what);
}

/** Replaces the focused text field's value by typing, as a person selects all and types over it. */
export async function typeOver(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  if (text) await page.keyboard.type(text);
}

/** Tab to a field by its label and type over whatever it holds. */
export async function fillByKeys(page: Page, label: string | RegExp, text: string) {
  await tabTo(page, label);
  await typeOver(page, text);
}

/**
 * Presses `key` until `shown` is visible, a moment apart: an arrow pressed while drag and drop
 * still measures a row it just lifted moves nothing, and a busy phone can take that moment longer
 * than one announcement. Nothing is pressed once `shown` is there.
 */
export async function pressUntilShown(page: Page, key: string, shown: Locator, what: string) {
  await until(async () => {
    if (await shown.first().isVisible()) return true;
    await page.keyboard.press(key);
    return shown
      .first()
      .waitFor({ state: 'visible', timeout: 2_000 })
      .then(
        () => true,
        () => false,
      );
  }, what);
}
