// npm run test:e2e: the product's journeys in a real Chromium (Debian's, driven by playwright-core),
// against `npm start` on a fresh local state, on a phone and a desktop screen.
//   npm run test:e2e -- --grep "qr|logout" --viewport phone --workers 1 --retries 0
// A journey that fails is run once more (--retries, E2E_RETRIES) in a fresh context; one that then
// passes is reported as flaky, with the first failure and its artifacts, and a journey that fails
// every time fails the suite.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { VIEWPORTS, type Journey, type Viewport } from '../test/e2e/harness/journey.ts';
import { runJourney, type Result } from '../test/e2e/harness/runner.ts';
import { startServer, type Server } from '../test/e2e/harness/server.ts';

const { values: args } = parseArgs({
  options: {
    grep: { type: 'string' },
    viewport: { type: 'string' },
    workers: { type: 'string', default: process.env.E2E_WORKERS ?? '2' },
    retries: { type: 'string', default: process.env.E2E_RETRIES ?? '1' },
  },
});

const PORT = Number(process.env.E2E_PORT ?? 8807);
const ACTIVATION_PORT = Number(process.env.E2E_ACTIVATION_PORT ?? 8817);
const OUT_DIR = resolve('test-results');
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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
 */
function visitorAgent(executablePath: string) {
  const major = /(\d+)\.\d+/.exec(spawnSync(executablePath, ['--version'], { encoding: 'utf8' }).stdout ?? '')?.[1];
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major ?? '150'}.0.0.0 Safari/537.36`;
}

// Loaded here rather than imported, so a broken journey file still ends in the summary line.
let journeys: Journey[];
try {
  ({ journeys } = await import('../test/e2e/journeys/index.ts'));
} catch (error) {
  console.error(`The journeys could not be loaded: ${error instanceof Error ? error.stack : String(error)}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

// `--grep a|b` runs the journeys whose name holds a or b.
const grep = args.grep?.toLowerCase().split('|');
const selected = journeys.filter((journey) => !grep || grep.some((part) => journey.name.toLowerCase().includes(part)));
const viewports = VIEWPORTS.filter((viewport) => !args.viewport || viewport.name === args.viewport);
const tasks: { journey: Journey; viewport: Viewport }[] = selected.flatMap((journey) =>
  viewports.map((viewport) => ({ journey, viewport })),
);
if (tasks.length === 0) {
  console.error('No journey matches.');
  process.exit(1);
}

rmSync(OUT_DIR, { recursive: true, force: true });
mkdirSync(OUT_DIR, { recursive: true });
const started = Date.now();
const servers: Server[] = [];
const stopAll = () => Promise.all(servers.map((server) => server.stop()));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void stopAll().then(() => process.exit(130)));
}

const results: Result[] = [];
const flaky: string[] = [];
try {
  const executablePath = findChromium();
  console.log(`Starting the product (npm start on :${PORT}, fresh state)...`);
  const app = await startServer({ port: PORT, build: true, logFile: join(OUT_DIR, `server-${PORT}.log`) });
  servers.push(app);
  // The REQUIRE_ACTIVATION instance starts in the background and reuses the build.
  const activationApp = selected.some((journey) => journey.activation)
    ? startServer({
        port: ACTIVATION_PORT,
        build: false,
        env: { REQUIRE_ACTIVATION: 'true', SUPPORT_EMAIL: 'help@cardlink.test', SUPPORT_WHATSAPP: '+31 6 1234 5678' },
        logFile: join(OUT_DIR, `server-${ACTIVATION_PORT}.log`),
      }).then((server) => (servers.push(server), server))
    : null;
  activationApp?.catch(() => undefined);

  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS, `--user-agent=${visitorAgent(executablePath)}`],
  });
  console.log(`Chromium ${browser.version()}; ${tasks.length} test(s), ${args.workers} at a time\n`);

  // Journeys needing the second instance go last, giving it time to start.
  const queue = [...tasks].sort((a, b) => Number(!!a.journey.activation) - Number(!!b.journey.activation));
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) {
      const name = `${task.journey.name} [${task.viewport.name}]`;
      const tries: Result[] = [];
      for (let attempt = 1; attempt <= 1 + Math.max(0, Number(args.retries)); attempt++) {
        try {
          const second = task.journey.activation ? await activationApp : null;
          tries.push(
            await runJourney({ browser, ...task, app, activationApp: second ?? null, outDir: OUT_DIR, attempt }),
          );
        } catch (error) {
          tries.push({
            name,
            ok: false,
            ms: 0,
            error: error instanceof Error ? error.message : String(error),
            artifacts: [],
          });
        }
        if (tries.at(-1)?.ok) break;
      }
      const result = tries.at(-1)!;
      results.push(result);
      const failures = tries.filter((attempt) => !attempt.ok);
      const seconds = (result.ms / 1000).toFixed(1);
      if (result.ok && failures.length === 0) {
        console.log(`  ok    ${result.name} (${seconds}s)`);
      } else {
        const label = result.ok ? `FLAKY ${result.name} (passed on try ${tries.length}, ${seconds}s)` : `FAIL  ${name}`;
        console.log(`  ${label}`);
        for (const [index, failure] of failures.entries()) {
          console.log(`        try ${index + 1}: ${failure.error?.replace(/\n/g, '\n        ')}`);
          for (const file of failure.artifacts) console.log(`        saved ${file}`);
        }
        if (result.ok) flaky.push(result.name);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Number(args.workers)) }, worker));
  await browser.close();
} catch (error) {
  console.error(`\nThe browser suite could not run: ${error instanceof Error ? error.message : String(error)}`);
  results.push({ name: '(suite set-up)', ok: false, ms: 0, artifacts: [] });
} finally {
  await stopAll();
}

const failed = results.filter((result) => !result.ok);
console.log(`\nServer logs: ${join(OUT_DIR, 'server-*.log')}; took ${((Date.now() - started) / 1000).toFixed(0)}s`);
if (flaky.length > 0) console.log(`Flaky (failed, then passed on a retry):\n${flaky.map((n) => `  ${n}`).join('\n')}`);
if (failed.length > 0) console.log(`Failed:\n${failed.map((result) => `  ${result.name}`).join('\n')}`);
console.log(`${results.length - failed.length} passed (${flaky.length} flaky), ${failed.length} failed`);
process.exit(failed.length > 0 ? 1 : 0);
