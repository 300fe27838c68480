// npm run test:e2e: the product's journeys (test/e2e/journeys) in Debian's Chromium, against
// `npm start` on a fresh local state, on a phone and a desktop screen or one of them (README, Scripts).
//   npm run test:e2e -- --grep "qr|logout" --project phone --workers 1 --retries 0
// A journey that fails is run once more (E2E_RETRIES, --retries); one that then passes is reported
// as flaky, and one that fails every time fails the suite.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { VIEWPORTS } from './test/e2e/harness/journey.ts';
import { INSTANCES, stateDir } from './test/e2e/harness/server.ts';

function findChromium(): string {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) return explicit;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of ['chromium', 'chromium-browser']) {
      if (dir && existsSync(join(dir, name))) return join(dir, name);
    }
  }
  throw new Error('Chromium is not on the PATH: install it with `apt-get install -y chromium` (or set CHROMIUM_PATH)');
}

/**
 * The user agent of Chrome on Linux at this Chromium's version. A headless browser announces
 * itself as HeadlessChrome, which the product rightly does not count as a visitor (README,
 * Decisions: honest visitors); the journeys stand for people, so they send a person's agent.
 * Worked out once, in the runner's process; its workers inherit it.
 */
function visitorAgent(executablePath: string) {
  if (!process.env.E2E_USER_AGENT) {
    const version = spawnSync(executablePath, ['--version'], { encoding: 'utf8' }).stdout ?? '';
    const major = /(\d+)\.\d+/.exec(version)?.[1];
    process.env.E2E_USER_AGENT = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major ?? '150'}.0.0.0 Safari/537.36`;
  }
  return process.env.E2E_USER_AGENT;
}

const executablePath = findChromium();

/**
 * `npm start` on its port and a fresh state directory, its output in test-results/server-<port>.log;
 * it builds the app, and the tests begin once it serves. The REQUIRE_ACTIVATION instance is not a
 * webServer (those all start, whatever the run selects): the first journey that needs it starts it
 * on this build (harness/server.ts, startOnce) and globalTeardown stops it. SIGTERM stops npm,
 * wrangler and workerd (one process group).
 */
function appServer() {
  const { port, env } = INSTANCES.app;
  const log = `test-results/server-${port}.log`;
  return {
    name: 'app',
    command: `mkdir -p test-results && npm start 2>&1 | tee ${log}`,
    // Also how Playwright refuses a port that something already serves.
    url: `http://127.0.0.1:${port}`,
    env: { ...env, PORT: String(port), STATE_DIR: stateDir('app') },
    reuseExistingServer: false,
    timeout: 240_000,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
  };
}

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: 'journeys.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: Number(process.env.E2E_RETRIES ?? 1),
  forbidOnly: !!process.env.CI,
  // A journey's own timeoutMs overrides it (journeys.spec.ts).
  timeout: 180_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  webServer: [appServer()],
  globalTeardown: './test/e2e/harness/teardown.ts',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--user-agent=${visitorAgent(executablePath)}`,
      ],
    },
    colorScheme: 'light',
    acceptDownloads: true,
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    screenshot: { mode: 'only-on-failure', fullPage: true },
    trace: 'on-first-retry',
  },
  // phone (390x844, touch) and desktop (1440x900); `--project phone` runs one. A journey whose
  // checks do not depend on the screen runs on one of them (test/e2e/journeys/index.ts says which
  // and why): tagged @phone-only or @desktop-only, it is left out of the other.
  projects: VIEWPORTS.map(({ name, width, height, mobile }) => ({
    name,
    grepInvert: new RegExp(`@${name === 'phone' ? 'desktop' : 'phone'}-only\\b`),
    use: { viewport: { width, height }, isMobile: mobile, hasTouch: mobile },
  })),
});
