// Small waiting assertions: a browser test asserts what eventually shows, never a fixed sleep.
import { isDeepStrictEqual } from 'node:util';
import type { Locator, Page } from 'playwright-core';

export async function visible(locator: Locator, timeout = 30_000) {
  await locator.first().waitFor({ state: 'visible', timeout });
}

export async function hidden(locator: Locator, timeout = 30_000) {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

/** Text the user reads somewhere on the page (exact, whitespace-normalised). */
export const seeText = (page: Page, text: string | RegExp, timeout?: number) =>
  visible(page.getByText(text, { exact: typeof text === 'string' }), timeout);

/** Polls `read` until it equals `expected` (deep), or fails saying what it last saw. */
export async function eventually<T>(read: () => Promise<T> | T, expected: T, what: string, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  let last: T | undefined;
  let lastError: unknown;
  for (;;) {
    try {
      last = await read();
      if (isDeepStrictEqual(last, expected)) return;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const seen = lastError && last === undefined ? `error ${String(lastError)}` : String(JSON.stringify(last));
      throw new Error(`${what}: expected ${JSON.stringify(expected)}, last saw ${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Polls until `check` answers true. */
export async function until(check: () => Promise<boolean> | boolean, what: string, timeout = 30_000) {
  await eventually(check, true, what, timeout);
}

export function equal<T>(actual: T, expected: T, what: string) {
  if (!isDeepStrictEqual(actual, expected)) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

export async function urlPath(page: Page, pathname: string, timeout = 30_000) {
  await eventually(() => new URL(page.url()).pathname, pathname, `the page's path`, timeout);
}
