// What a journey gets to work with (JourneyContext), built from Playwright's fixtures: the page and
// its context on the project's screen (phone or desktop), the running instances, the console log
// kept for a failure, the phone's overflow watcher and the axe findings.
/* eslint-disable no-empty-pattern -- Playwright reads a fixture's dependencies from its first
   parameter's destructuring: `{}` is a fixture that needs none. */
import { mkdirSync } from 'node:fs';
import { test as base } from '@playwright/test';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { axeViolations, type Axe } from './a11y.ts';
import { clientAddress } from './api.ts';
import { VIEWPORTS, type JourneyContext, type Viewport } from './journey.ts';
import {
  assertNoHorizontalOverflow,
  describeOverflow,
  OVERFLOW_MARK,
  watchOverflow,
  watcherSettled,
  type Overflow,
} from './layout.ts';
import { serverAt, startOnce, type Server } from './server.ts';

/** On the phone: every screen fits 390px. Null on the desktop. */
export type OverflowWatch = {
  /** Throws when a screen reported overflowing since the test began (also one only passed through). */
  assertNoneSeen(): void;
  /** Throws when an open page of the context scrolls sideways now. */
  checkOpenPages(): Promise<void>;
  /** Waits until the open pages' watchers have reported what they measure last. */
  settle(): Promise<void>;
} | null;

type TestFixtures = {
  /** The pages' console, errors and failed requests; saved as console.log when the test fails. */
  consoleLog: string[];
  overflow: OverflowWatch;
  axe: Axe;
  t: JourneyContext;
};
type WorkerFixtures = { app: Server; activationApp: Server };

const time = () => new Date().toISOString().slice(11, 23);
let counter = 0;

function listen(context: BrowserContext, log: string[]) {
  const note = (page: Page | null, line: string) => log.push(`${time()} ${page?.url() || 'about:blank'} ${line}`);
  // A service worker's own request (the shell's precache, offline) has no frame to name.
  const pageOf = (request: Request) => (request.serviceWorker() ? null : request.frame().page());
  context.on('console', (message) => note(message.page(), `[console.${message.type()}] ${message.text()}`));
  context.on('weberror', (error) => note(error.page(), `[pageerror] ${error.error().stack ?? error.error().message}`));
  context.on('requestfailed', (request) =>
    note(pageOf(request), `[requestfailed] ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`),
  );
  context.on('response', (response) => {
    if (response.status() >= 400)
      note(pageOf(response.request()), `[http ${response.status()}] ${response.request().method()} ${response.url()}`);
  });
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  app: [async ({}, use) => use(serverAt('app')), { scope: 'worker' }],
  // Only a journey that asks for it starts it (journeys.spec.ts); its start-up has a timeout of its own.
  activationApp: [async ({}, use) => use(await startOnce('activation')), { scope: 'worker', timeout: 300_000 }],

  // Each test is a person on a network of their own, as Cloudflare would report it: the Worker
  // bounds sign-ups and sign-in failures per client address (README, Decisions: bounds).
  extraHTTPHeaders: async ({}, use) => use({ 'CF-Connecting-IP': clientAddress() }),

  consoleLog: async ({ context }, use, testInfo) => {
    const log: string[] = [];
    listen(context, log);
    await use(log);
    if (testInfo.status !== testInfo.expectedStatus) {
      const body = `${testInfo.titlePath.join(' > ')}\n${testInfo.error?.message ?? ''}\n\n${log.join('\n')}\n`;
      await testInfo.attach('console.log', { body, contentType: 'text/plain' });
    }
  },

  // The watcher goes into every page of the context and reports each screen that overflows on the
  // console; checkOpenPages measures the open pages now.
  overflow: async ({ context, isMobile }, use) => {
    if (!isMobile) return use(null);
    const seen: Overflow[] = [];
    await watchOverflow(context);
    context.on('console', (message) => {
      const text = message.text();
      if (text.startsWith(OVERFLOW_MARK)) seen.push(JSON.parse(text.slice(OVERFLOW_MARK.length)) as Overflow);
    });
    await use({
      assertNoneSeen() {
        if (seen.length > 0) throw new Error(seen.map(describeOverflow).join('\n'));
      },
      async checkOpenPages() {
        for (const open of context.pages()) await assertNoHorizontalOverflow(open);
      },
      async settle() {
        for (const open of context.pages()) await watcherSettled(open);
      },
    });
  },

  // axe-core's serious and critical findings of the test, attached to its report.
  axe: async ({}, use, testInfo) => {
    const found: string[] = [];
    await use({
      found,
      async check(page, label) {
        found.push(...(await axeViolations(page, label)));
      },
    });
    if (found.length > 0)
      await testInfo.attach('axe violations', { body: found.join('\n'), contentType: 'text/plain' });
  },

  t: async ({ browser, context, page, app, overflow, axe, consoleLog, viewport: size, isMobile }, use, testInfo) => {
    const viewport: Viewport = VIEWPORTS.find((known) => known.name === testInfo.project.name) ?? {
      name: isMobile ? 'phone' : 'desktop',
      width: size?.width ?? 0,
      height: size?.height ?? 0,
      mobile: isMobile,
    };
    mkdirSync(testInfo.outputDir, { recursive: true });
    await use({
      browser,
      context,
      page,
      viewport,
      app,
      activationApp: null,
      outDir: testInfo.outputDir,
      axe,
      // The worker's number keeps two workers' names apart within the same millisecond.
      unique: (prefix) =>
        `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}${testInfo.parallelIndex}${viewport.name[0]}`,
      step: (name, action) =>
        test.step(name, async () => {
          consoleLog.push(`${time()} --- step: ${name}`);
          const began = Date.now();
          const result = await action();
          // E2E_STEP_TIMES=1 prints how long each step took, for balancing the journeys.
          if (process.env.E2E_STEP_TIMES)
            console.log(`    ${Date.now() - began}ms  ${testInfo.title} [${viewport.name}]: ${name}`);
          if (overflow) {
            overflow.assertNoneSeen();
            await overflow.checkOpenPages();
          }
          return result;
        }),
    });
  },
});
