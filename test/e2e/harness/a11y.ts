// axe-core over the page as it is now; the bar is no serious or critical violation, on every
// screen and open overlay, in light and in dark mode.
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { hidden, visible } from './expect.ts';
import type { JourneyContext } from './journey.ts';

const BLOCKING = new Set(['serious', 'critical']);
export type Scheme = 'light' | 'dark';

/** Answers one line per serious or critical violation (empty when the page passes). */
export async function axeViolations(page: Page, label: string): Promise<string[]> {
  // label-content-name-mismatch (WCAG 2.5.3) is one of axe's experimental rules, off unless asked.
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
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

/** Both ways the app learns the scheme: the stored choice (here) and the system setting (the context's). */
export async function storeScheme(context: BrowserContext, scheme: Scheme) {
  await context.addInitScript((value) => {
    try {
      localStorage.setItem('theme', value);
    } catch {
      // about:blank (axe's own scratch page) has no storage.
    }
  }, scheme);
}

export const heading = (name: string) => (page: Page) => visible(page.getByRole('heading', { name, exact: true }));

export type Screen = {
  label: string;
  path: string;
  ready: (page: Page) => Promise<void>;
  /** Server-rendered pages (the card and its error screens) have no dashboard scheme switch. */
  rendered?: boolean;
};

/** Collects every violation of a journey, so one run names them all; `assertNone` fails at the end. */
export function axeCollector(t: JourneyContext, scheme: Scheme) {
  const { found } = t.axe;
  /** axe on what is on screen now (an open dialog or menu, a form showing its errors). */
  const here = (label: string) =>
    t.step(`axe on ${label}`, async () => {
      // Skeletons and route transitions settle first: axe judges what a person reads.
      await hidden(t.page.locator('[aria-busy="true"]'));
      await t.axe.check(t.page, `${label} (${scheme})`);
    });
  /** Opens a screen, checks it is drawn in the scheme asked for, and runs axe on it. */
  const screen = async (item: Screen) => {
    await t.step(`open ${item.label}`, async () => {
      await t.page.goto(`${t.app.baseUrl}${item.path}`);
      await item.ready(t.page);
      if (!item.rendered) {
        const dark = ((await t.page.locator('html').getAttribute('class')) ?? '').split(' ').includes('dark');
        if (dark !== (scheme === 'dark'))
          throw new Error(`${item.label} is not in ${scheme} mode (<html> dark: ${dark})`);
      }
    });
    await here(item.label);
  };
  const assertNone = () =>
    t.step('no serious or critical violation', async () => {
      if (found.length > 0) {
        throw new Error(`${found.length} serious or critical axe violation(s):\n${found.join('\n')}`);
      }
    });
  return { here, screen, assertNone };
}
