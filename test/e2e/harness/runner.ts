// Runs one journey on one viewport in a fresh browser context, and on failure leaves a screenshot
// of every open page and the pages' console log under test-results/, named after the test.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Journey, JourneyContext, Viewport } from './journey.ts';
import { assertNoHorizontalOverflow, describeOverflow, OVERFLOW_MARK, watchOverflow, type Overflow } from './layout.ts';
import { clientAddress } from './api.ts';
import type { Server } from './server.ts';

export type Result = { name: string; ok: boolean; ms: number; error?: string; artifacts: string[] };

type RunOptions = {
  browser: Browser;
  journey: Journey;
  viewport: Viewport;
  app: Server;
  activationApp: Server | null;
  outDir: string;
  /** 1 for the first run; a retry's artifacts are named `-try2` and so on, so none is overwritten. */
  attempt?: number;
};

let counter = 0;
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export async function runJourney({
  browser,
  journey,
  viewport,
  app,
  activationApp,
  outDir,
  attempt = 1,
}: RunOptions): Promise<Result> {
  const name = `${journey.name} [${viewport.name}]`;
  const started = Date.now();
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.mobile,
    hasTouch: viewport.mobile,
    colorScheme: journey.colorScheme ?? 'light',
    acceptDownloads: true,
    // Each journey is a person on a network of their own, as Cloudflare would report it: the
    // Worker bounds sign-ups and sign-in failures per client address (README, Decisions: bounds).
    extraHTTPHeaders: { 'CF-Connecting-IP': clientAddress() },
  });
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(30_000);

  const log: string[] = [];
  // Every screen works at 390px. The watcher reports each screen that scrolls sideways.
  const overflows: Overflow[] = [];
  if (viewport.mobile) await watchOverflow(context);
  const note = (page: Page, line: string) =>
    log.push(`${new Date().toISOString().slice(11, 23)} ${page.url() || 'about:blank'} ${line}`);
  const watch = (page: Page) => {
    page.on('console', (message) => {
      const text = message.text();
      if (text.startsWith(OVERFLOW_MARK)) overflows.push(JSON.parse(text.slice(OVERFLOW_MARK.length)) as Overflow);
      note(page, `[console.${message.type()}] ${text}`);
    });
    page.on('pageerror', (error) => note(page, `[pageerror] ${error.stack ?? error.message}`));
    page.on('requestfailed', (request) =>
      note(page, `[requestfailed] ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`),
    );
    page.on('response', (response) => {
      if (response.status() >= 400)
        note(page, `[http ${response.status()}] ${response.request().method()} ${response.url()}`);
    });
  };
  context.on('page', watch);
  const page = await context.newPage();

  const assertNoOverflowSeen = () => {
    if (overflows.length > 0) throw new Error(overflows.map(describeOverflow).join('\n'));
  };

  let currentStep = '(start)';
  const t: JourneyContext = {
    browser,
    context,
    page,
    viewport,
    app,
    activationApp,
    outDir,
    unique: (prefix) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}${viewport.name[0]}`,
    async step(stepName, action) {
      currentStep = stepName;
      log.push(`${new Date().toISOString().slice(11, 23)} --- step: ${stepName}`);
      const began = Date.now();
      const result = await action();
      // E2E_STEP_TIMES=1 prints how long each step took, for balancing the journeys.
      if (process.env.E2E_STEP_TIMES) console.log(`    ${Date.now() - began}ms  ${name}: ${stepName}`);
      if (viewport.mobile) {
        assertNoOverflowSeen();
        for (const open of context.pages()) await assertNoHorizontalOverflow(open);
      }
      return result;
    },
  };

  const timeoutMs = journey.timeoutMs ?? 180_000;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${timeoutMs / 1000}s`)), timeoutMs);
  });
  let error: string | undefined;
  try {
    const running = journey.run(t);
    // After a timeout the journey still settles (its page closes under it); that is not news.
    running.catch(() => undefined);
    await Promise.race([running, timeout]);
    // A screen passed through in the last step may report a moment after it.
    if (viewport.mobile) {
      currentStep = '(after the last step)';
      await new Promise((resolve) => setTimeout(resolve, 400));
      assertNoOverflowSeen();
    }
  } catch (caught) {
    const message = caught instanceof Error ? (caught.stack ?? caught.message) : String(caught);
    error = `at step "${currentStep}": ${message}`;
  } finally {
    clearTimeout(timer);
  }

  const artifacts: string[] = [];
  if (error) {
    const base = join(outDir, slug(name) + (attempt > 1 ? `-try${attempt}` : ''));
    for (const [index, open] of context.pages().entries()) {
      const file = `${base}${index === 0 ? '' : `-page${index + 1}`}.png`;
      try {
        await open.screenshot({ path: file, fullPage: true, timeout: 10_000 });
        artifacts.push(file);
      } catch (caught) {
        log.push(`(screenshot of ${open.url()} failed: ${String(caught)})`);
      }
    }
    writeFileSync(`${base}.console.log`, `${name}\n${error}\n\n${log.join('\n')}\n`);
    artifacts.push(`${base}.console.log`);
  }
  await context.close().catch(() => undefined);
  return { name, ok: !error, ms: Date.now() - started, error, artifacts };
}
