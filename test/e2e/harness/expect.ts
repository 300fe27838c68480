// Waiting assertions, a browser test asserts what eventually shows, never a fixed sleep: the
// journeys' short names for Playwright's web-first assertions and expect.poll.
import { expect } from '@playwright/test';
import type { Locator, Page } from 'playwright-core';

export async function visible(locator: Locator, timeout = 30_000) {
  await expect(locator.first()).toBeVisible({ timeout });
}

export async function hidden(locator: Locator, timeout = 30_000) {
  await expect(locator.first()).toBeHidden({ timeout });
}

/** Text the user reads somewhere on the page (exact, whitespace-normalised). */
export const seeText = (page: Page, text: string | RegExp, timeout?: number) =>
  visible(page.getByText(text, { exact: typeof text === 'string' }), timeout);

/**
 * Polls `read` until it equals `expected` (deep), or fails saying what it last saw. A `read` that
 * throws (an element not there yet) is polled again, which expect.poll would not do.
 */
export async function eventually<T>(read: () => Promise<T> | T, expected: T, what: string, timeout = 30_000) {
  await expect(async () => expect((await read()) as unknown, what).toStrictEqual(expected)).toPass({
    timeout,
    intervals: [150],
  });
}

/** Polls until `check` answers true. */
export async function until(check: () => Promise<boolean> | boolean, what: string, timeout = 30_000) {
  await eventually(check, true, what, timeout);
}

export function equal<T>(actual: T, expected: T, what: string) {
  expect(actual as unknown, what).toStrictEqual(expected);
}

export async function urlPath(page: Page, pathname: string, timeout = 30_000) {
  await eventually(() => new URL(page.url()).pathname, pathname, `the page's path`, timeout);
}
