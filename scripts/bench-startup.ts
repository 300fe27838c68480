// npm run bench, the Worker's start-up: what a cold isolate evaluates before its first request
// (the entry module and its static imports, gzip, against the 400 KB budget) beside what loads
// with import() on first use; then a fresh local workerd (wrangler dev on a state of its own, on
// BENCH_PORT + 1) timed from its launch to the first card and to the first Open Graph image.
// Loopback only, bounded; the figures depend on this machine and on what else runs on it.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as LibModule from './lib.ts';
import { WORKER_STARTUP_BUDGET_BYTES, workerSizes } from './worker-size.ts';

type Figure = [label: string, value: string];
type Lib = typeof LibModule;

const START_LIMIT_MS = 120_000;
/** Launches of a fresh workerd; their median is printed (a launch's time varies with the machine's load). */
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 3);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const BROWSER_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

/** One request, timed to its last byte; null while nothing listens yet. */
async function timed(url: string) {
  const started = performance.now();
  try {
    const res = await fetch(url, { headers: { 'User-Agent': BROWSER_UA }, signal: AbortSignal.timeout(60_000) });
    const bytes = (await res.arrayBuffer()).byteLength;
    return { status: res.status, type: res.headers.get('Content-Type') ?? '', bytes, ms: performance.now() - started };
  } catch {
    return null;
  }
}

async function expectOk(url: string, type: string) {
  const answer = await timed(url);
  if (answer?.status !== 200 || !answer.type.startsWith(type))
    throw new Error(`${url}: ${answer ? `${answer.status} ${answer.type}` : 'no answer'}`);
  return answer;
}

const EVAL_RUNS = 5;

/** V8's load, parse and evaluation of the start-up modules, median of fresh Node processes. */
function evaluationFigure(): Figure {
  const runs = Array.from({ length: EVAL_RUNS }, () => {
    const result = spawnSync('node', ['scripts/worker-eval.ts', 'dist/cardlink/index.js'], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`worker-eval: ${result.stderr}`);
    return Number(result.stdout.trim());
  }).sort((a, b) => a - b);
  const median = runs[Math.floor(runs.length / 2)] ?? NaN;
  return [
    `  their parse and evaluation in V8 (Node ${process.versions.node}, median of ${EVAL_RUNS} fresh processes)`,
    `${median.toFixed(0)} ms (runs: ${runs.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
  ];
}

/** How a module outside the start-up set is loaded. */
const loadedAs = (file: string) =>
  file.endsWith('.wasm')
    ? 'Wasm, instantiated on first use'
    : file.endsWith('.txt')
      ? 'text module, read on first use'
      : 'import() on first use';

/** The build's figures: no server needed. */
function sizeFigures(): Figure[] {
  const sizes = workerSizes();
  const verdict = sizes.startup.gzip <= WORKER_STARTUP_BUDGET_BYTES ? 'ok' : 'OVER';
  const small = sizes.lazy.filter((size) => size.raw < 16 * 1024);
  return [
    ['entry module (index.js)', `${kb(sizes.entry.raw)} raw, ${kb(sizes.entry.gzip)} gzip`],
    [
      `evaluated at start-up (entry + ${sizes.startup.files.length - 1} static imports)`,
      `${kb(sizes.startup.raw)} raw, ${kb(sizes.startup.gzip)} gzip (budget ${kb(WORKER_STARTUP_BUDGET_BYTES)}: ${verdict})`,
    ],
    evaluationFigure(),
    ['loaded only when a request needs them:', ''],
    ...sizes.lazy
      .filter((size) => size.raw >= 16 * 1024)
      .map((size): Figure => [`  ${size.file}`, `${kb(size.raw)} raw, ${kb(size.gzip)} gzip (${loadedAs(size.file)})`]),
    [
      `  ${small.length} smaller chunks`,
      `${kb(small.reduce((sum, size) => sum + size.gzip, 0))} gzip in all (import() on first use)`,
    ],
  ];
}

/** Two public cards with a link each, written straight into the state (no request warms the Worker). */
function seedCards(lib: Lib, state: string) {
  const id = Date.now().toString(36);
  const names = [`cold_${id}_a`, `cold_${id}_b`];
  const rows = names.flatMap((name) => {
    const user = crypto.randomUUID();
    return [
      `INSERT INTO users (id, email, password_hash) VALUES ('${user}', '${name}@example.com', 'none');`,
      `INSERT INTO profiles (user_id, username, name, bio) VALUES ('${user}', '${name}', 'Ada Lovelace', 'Analyst and engineer');`,
      `INSERT INTO links (user_id, title, url) VALUES ('${user}', 'Site', 'https://example.com');`,
    ];
  });
  // Inside the state directory, which the run removes.
  const file = join(state, 'cards.sql');
  writeFileSync(file, rows.join('\n'));
  lib.run('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', state, '--file', file, '--yes'], {
    quiet: true,
  });
  return names as [string, string];
}

/** wrangler dev on a fresh state, in its own process group (stopping it stops workerd too). */
function launch(port: number, state: string) {
  const child = spawn(
    'wrangler',
    [
      'dev',
      ...['--config', 'dist/cardlink/wrangler.json', '--port', String(port), '--ip', '127.0.0.1'],
      ...['--persist-to', state, '--var', 'ENVIRONMENT:development', '--var', 'REQUIRE_ACTIVATION:false'],
      ...['--show-interactive-dev-session=false', '--log-level', 'error'],
    ],
    { detached: true, stdio: 'ignore' },
  );
  let exited = false;
  child.on('exit', () => (exited = true));
  const stop = async () => {
    if (exited || !child.pid) return;
    process.kill(-child.pid, 'SIGTERM');
    for (let i = 0; i < 50 && !exited; i++) await sleep(100);
    if (!exited) process.kill(-child.pid, 'SIGKILL');
  };
  return { stop, exited: () => exited };
}

type ColdRun = Record<'serving' | 'toCard' | 'card' | 'nextCard' | 'toImage' | 'image' | 'nextImage', number>;

/** One launch of wrangler dev on a fresh state: when it serves, the first cards and images. */
async function coldRun(base: string, port: number, lib: Lib): Promise<ColdRun> {
  const state = mkdtempSync(join(tmpdir(), 'cardlink-bench-cold-'));
  let server: ReturnType<typeof launch> | undefined;
  try {
    lib.applyMigrations('--local', state);
    lib.seedCatalogue('--local', state);
    const [first, second] = seedCards(lib, state);
    const launched = performance.now();
    server = launch(port, state);
    // Serving: a static file (the assets' own Worker), so the first request to ours is the card.
    let serving: number | null = null;
    while (serving === null) {
      if (server.exited() || performance.now() - launched > START_LIMIT_MS)
        throw new Error('wrangler dev did not start');
      if ((await timed(`${base}/favicon.svg`))?.status === 200) serving = performance.now() - launched;
      else await sleep(50);
    }
    const card = await expectOk(`${base}/p/${first}`, 'text/html');
    const toCard = performance.now() - launched;
    const nextCard = await expectOk(`${base}/p/${second}`, 'text/html');
    const image = await expectOk(`${base}/p/${first}/og.png`, 'image/png');
    const toImage = performance.now() - launched;
    const nextImage = await expectOk(`${base}/p/${second}/og.png`, 'image/png');
    return { serving, toCard, card: card.ms, nextCard: nextCard.ms, toImage, image: image.ms, nextImage: nextImage.ms };
  } finally {
    await server?.stop();
    rmSync(state, { recursive: true, force: true });
  }
}

async function coldFigures(port: number, lib: Lib): Promise<Figure[]> {
  const base = `http://127.0.0.1:${port}`;
  if (await timed(base)) throw new Error(`Port ${port} is already serving; the cold start needs it free`);
  const runs: ColdRun[] = [];
  for (let i = 0; i < COLD_RUNS; i++) runs.push(await coldRun(base, port, lib));
  const median = (key: keyof ColdRun) => {
    const values = runs.map((run) => run[key]).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] ?? NaN;
  };
  const s = (key: keyof ColdRun) => `${(median(key) / 1000).toFixed(2)} s`;
  const ms = (key: keyof ColdRun) => `${median(key).toFixed(0)} ms`;
  return [
    [`cold workerd, median of ${COLD_RUNS} launches: launch to serving (a static file)`, s('serving')],
    ['  launch to the first card (/p/{username})', `${s('toCard')} (the request itself ${ms('card')})`],
    ['  the next card (another one)', ms('nextCard')],
    [
      '  launch to the first Open Graph image',
      `${s('toImage')} (the request itself ${ms('image')}: loads the renderer)`,
    ],
    ["  the next card's image (renderer loaded)", ms('nextImage')],
  ];
}

export function startupSection(port: number, lib: Lib) {
  return {
    title: `Worker start-up: entry module and static imports, gzip (budget ${kb(WORKER_STARTUP_BUDGET_BYTES)}); a cold local workerd's first card and first Open Graph image`,
    async run(): Promise<Figure[]> {
      return [...sizeFigures(), ...(await coldFigures(port, lib))];
    },
  };
}
