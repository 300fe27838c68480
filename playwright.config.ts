// npm run test:e2e: the product's journeys (test/e2e/journeys) in Debian's Chromium, against
// `npm start` on a fresh local state, on a phone and a desktop screen (README, Scripts).
//   npm run test:e2e -- --grep "qr|logout" --project phone --workers 1 --retries 0
// A journey that fails is run once more (E2E_RETRIES, --retries); one that then passes is reported
// as flaky, and one that fails every time fails the suite.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { VIEWPORTS } from './test/e2e/harness/journey.ts';
import { INSTANCES, stateDir, type Instance } from './test/e2e/harness/server.ts';

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
 * `npm start` on its port and a fresh state directory, its output in test-results/server-<port>.log.
 * The activation instance starts first and builds the app; as soon as the build is done ("Local
 * state in ...", scripts/start.ts) the main instance starts on that build, and the tests begin once
 * it serves, while the activation instance may still be starting (a journey that needs it waits
 * for it: journeys.spec.ts). SIGTERM stops npm, wrangler and workerd (one process group).
 */
function instance(name: Instance) {
  const { port, env } = INSTANCES[name];
  const log = `test-results/server-${port}.log`;
  const first = name === 'activation';
  return {
    name,
    command: first
      ? `mkdir -p test-results && npm start 2>&1 | tee ${log}`
      : `mkdir -p test-results && npm start -- --no-build > ${log} 2>&1`,
    // Also how Playwright refuses a port that something already serves.
    url: `http://127.0.0.1:${port}`,
    ...(first ? { wait: { stdout: /Local state in .*: migrating/ } } : {}),
    env: { ...env, PORT: String(port), STATE_DIR: stateDir(name) },
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
  webServer: [instance('activation'), instance('app')],
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
  // phone (390x844, touch) and desktop (1440x900); `--project phone` runs one.
  projects: VIEWPORTS.map(({ name, width, height, mobile }) => ({
    name,
    use: { viewport: { width, height }, isMobile: mobile, hasTouch: mobile },
  })),
});
