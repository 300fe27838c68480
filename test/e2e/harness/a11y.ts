// axe-core over the page as it is now; the bar is no serious or critical violation, on every
// screen and open overlay, in light and in dark mode. Light and dark are checked on the same loaded
// screen, switched through the system setting: only colours differ between them (the app's `dark:`
// variants are text, background, border, divide, gradient and shadow colours; the card's dark rules
// set its palette), so a screen is not loaded, nor a flow walked, once per scheme.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { hidden, until, visible } from './expect.ts';
import type { JourneyContext } from './journey.ts';

const BLOCKING = new Set(['serious', 'critical']);
export type Scheme = 'light' | 'dark';
/** The schemes a journey's checks run in: one, or both on each screen. */
export type Schemes = Scheme | 'light and dark';
const schemesOf = (schemes: Schemes): Scheme[] => (schemes === 'light and dark' ? ['light', 'dark'] : [schemes]);

/**
 * True once no finite CSS transition or animation runs (spinners and skeletons loop forever and
 * are left alone). Mid-way a toast fading in or a button changing colour reads as low contrast.
 */
const SETTLED = `document.getAnimations().every((animation) =>
  animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity)`;

/**
 * Settled is a moment, and axe reads the page for a second or more after it: a toast whose time
 * runs out meanwhile starts fading, and axe measures its text half-transparent, a frame nobody
 * reads (its resting colours pass, and the overlays journey checks them on toasts held still). So
 * the document notes every transition or animation that starts (installed once per document), and
 * a check counts only when none started while axe read.
 */
const WATCH_MOTION = `(() => {
  if (window.__axeMotionWatched) return;
  window.__axeMotionWatched = true;
  const moved = () => { window.__axeStill = false; };
  document.addEventListener('transitionrun', moved, true);
  document.addEventListener('animationstart', moved, true);
})()`;
/** Settled, and from now on any motion is noted (one evaluation, so nothing starts in between). */
const STILL_FROM_NOW = `(() => {
  const still = ${SETTLED};
  if (still) window.__axeStill = true;
  return still;
})()`;
const STILL_SINCE = 'window.__axeStill === true';
/** Checks of a page that keeps starting transitions: after this many, the check fails. */
const STILL_TRIES = 5;

/**
 * Runs `read` once the page has stopped moving, and again until it stayed still throughout: axe
 * judges the colours a person ends up reading.
 */
async function whileStill<T>(page: Page, label: string, read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    await page.evaluate(WATCH_MOTION);
    // Polled through evaluate: waitForFunction's string form is eval, which the app's CSP refuses.
    await until(() => page.evaluate<boolean>(STILL_FROM_NOW), 'no transition or animation running');
    const result = await read();
    if (await page.evaluate<boolean>(STILL_SINCE)) return result;
    if (attempt === STILL_TRIES)
      throw new Error(`${label}: something started moving during each of ${STILL_TRIES} axe checks`);
  }
}

/**
 * axe's rules that read colours (its category cat.color that runs by default). Between light and
 * dark only colours change (see above): the other rules see the same elements, names, roles and
 * layout, so their verdict in the second scheme is the first's, and only these run again.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Answers one line per serious or critical violation (empty when the page passes); `coloursOnly`
 * runs only the rules that read colours.
 */
export async function axeViolations(page: Page, label: string, coloursOnly = false): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const foreign = page
    .frames()
    .filter((frame) => /^https?:/.test(frame.url()) && new URL(frame.url()).origin !== origin);
  if (foreign.length > 0)
    throw new Error(`${label}: a cross-origin frame, which legacy mode skips: ${foreign[0]!.url()}`);
  // label-content-name-mismatch (WCAG 2.5.3) is one of axe's experimental rules, off unless asked.
  // Legacy mode runs axe.run in the page itself; the default opens, fills and closes a blank page
  // for every check to merge results from cross-origin frames, which no screen here has (no
  // iframe at all), and took half of each check's time.
  const results = await whileStill(page, label, () => {
    const builder = new AxeBuilder({ page }).setLegacyMode(true);
    return (
      coloursOnly
        ? builder.withRules(COLOUR_RULES)
        : builder.options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    ).analyze();
  });
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map((node) => `      ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1, 3).join('; ')}`)
        .join('\n');
      return `${label}: [${violation.impact}] ${violation.id} (${violation.help}), ${violation.nodes.length} node(s)\n${nodes}`;
    });
}

/** The test's findings (a fixture: fixtures.ts), attached to its report when there are any. */
export type Axe = {
  found: string[];
  /** Runs axe on the page as it is now and keeps its serious and critical violations. */
  check(page: Page, label: string): Promise<void>;
};

/** The app's own screens say their scheme on <html>; a server-rendered page follows the media query. */
const drawnDark = (page: Page, rendered: boolean) =>
  page.evaluate<boolean>(
    rendered
      ? "matchMedia('(prefers-color-scheme: dark)').matches"
      : "document.documentElement.classList.contains('dark')",
  );

/**
 * Switches the system setting of a loaded page to `scheme`, and waits until the screen is drawn in
 * it (the app follows the setting while no choice is stored: web/src/lib/color-scheme.ts).
 */
export async function showIn(page: Page, scheme: Scheme, rendered = false) {
  await page.emulateMedia({ colorScheme: scheme });
  await until(async () => (await drawnDark(page, rendered)) === (scheme === 'dark'), `the screen in ${scheme} mode`);
}

/**
 * axe on the page as it is now, in each scheme (every rule in the first, the colour rules in the
 * next); answers the violations and leaves the page in the first scheme.
 */
export async function axeInSchemes(page: Page, label: string, schemes: Schemes, rendered = false) {
  const found: string[] = [];
  const list = schemesOf(schemes);
  for (const [index, scheme] of list.entries()) {
    await showIn(page, scheme, rendered);
    found.push(...(await axeViolations(page, `${label} (${scheme})`, index > 0)));
  }
  if (list.length > 1) await showIn(page, list[0]!, rendered);
  return found;
}

export const heading = (name: string) => (page: Page) => visible(page.getByRole('heading', { name, exact: true }));

export type Screen = {
  label: string;
  path: string;
  ready: (page: Page) => Promise<void>;
  /** Server-rendered pages (the card and its error screens) have no dashboard scheme switch. */
  rendered?: boolean;
};

/**
 * Collects every violation of a journey, so one run names them all; `assertNone` fails at the end.
 * With 'light and dark' each check runs in both on the same screen, and the journey goes on in light.
 */
export function axeCollector(t: JourneyContext, schemes: Schemes) {
  const { found } = t.axe;
  const [first] = schemesOf(schemes);
  /** axe on what is on screen now (an open dialog or menu, a form showing its errors). */
  const here = (label: string, rendered = false) =>
    t.step(`axe on ${label}`, async () => {
      // Skeletons and route transitions settle first: axe judges what a person reads.
      await hidden(t.page.locator('[aria-busy="true"]'));
      found.push(...(await axeInSchemes(t.page, label, schemes, rendered)));
    });
  /** Opens a screen, checks it is drawn in the (first) scheme, and runs axe on it. */
  const screen = async (item: Screen) => {
    await t.step(`open ${item.label}`, async () => {
      await t.page.goto(`${t.app.baseUrl}${item.path}`);
      await item.ready(t.page);
      const dark = await drawnDark(t.page, item.rendered ?? false);
      if (dark !== (first === 'dark')) throw new Error(`${item.label} is not in ${first} mode (dark: ${dark})`);
    });
    await here(item.label, item.rendered);
  };
  const assertNone = () =>
    t.step('no serious or critical violation', async () => {
      if (found.length > 0) {
        throw new Error(`${found.length} serious or critical axe violation(s):\n${found.join('\n')}`);
      }
    });
  return { here, screen, assertNone };
}
