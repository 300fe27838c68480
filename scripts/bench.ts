// npm run bench: figures measured on local workerd (wrangler dev on loopback, port 8813, and 8814
// for the cold start; BENCH_PORT moves both), a fresh state directory, its queue and cron run by
// hand, one section each. Bounded: fixed request counts and a time limit per section; only
// 127.0.0.1 is contacted. `-- --no-build` reuses an existing build; `-- --no-lighthouse` skips the
// three Lighthouse runs; `-- --only <word>` runs the sections whose title holds that word
// (case-insensitive, repeatable), for example `--only photos --only distance`, `--only start-up` or
// `--only "first screen"` or `--only organisation`.
// To add figures, write a Section below and list it in `sections`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bufferEvents, createCards, drainFigures, type Sql, type WorkerLog } from './bench-drain.ts';
import { dashboardSection } from './bench-dashboard.ts';
import { edgeSection } from './bench-edge.ts';
import { loadSection } from './bench-load.ts';
import { orgAnalyticsSection } from './bench-orgs.ts';
import { pageSection } from './bench-page.ts';
import { startupSection } from './bench-startup.ts';
import { statsLatencySection } from './bench-stats.ts';
import { storageFigures } from './bench-storage.ts';
import { uploadsSection } from './bench-uploads.ts';
import { weightSection } from './bench-weight.ts';
import { DASHBOARD_BUDGET_BYTES, firstLoad } from './bundle-size.ts';

const PORT = Number(process.env.BENCH_PORT ?? 8813);
const BASE = `http://127.0.0.1:${PORT}`;
const CLICKS = Number(process.env.BENCH_EVENTS ?? 10_000);
/** Events the drain section buffers in all: the clicks above, topped up across many cards. */
const DRAIN_EVENTS = Number(process.env.BENCH_DRAIN_EVENTS ?? 200_000);
// Enough cards that every shard holds more than one invocation drains: the first tick is the ceiling.
const DRAIN_CARDS = 1000;
const CONCURRENCY = 32;
const SECTION_LIMIT_MS = 120_000;
const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

// A state of its own (lib.ts reads STATE_DIR when imported), so the figures never mix with
// anyone's local data; no outside request (see scripts/start.ts).
const stateDir = mkdtempSync(join(tmpdir(), 'cardlink-bench-'));
process.env.STATE_DIR = stateDir;
// Built as `npm start` builds, never with an account's ids; at the default number of counting
// databases unless COUNTING_DATABASES asks for more.
process.env.DEPLOY_CONFIG = 'none';
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';
process.env.WRANGLER_SEND_METRICS ??= 'false';
const lib = await import('./lib.ts');
const { applyMigrations, BUILT_CONFIG, d1Bindings, executeFile, query, run, seedCatalogue } = lib;

type Bench = {
  token: string;
  /** The owner's e-mail and password, for a browser that signs in as the app does. */
  credentials: { email: string; password: string };
  /** A fresh access token of the owner: the one from registering lasts 15 minutes, less than a whole run. */
  signIn: () => Promise<string>;
  userId: string;
  username: string;
  linkId: number;
  /** Click events accepted and not yet drained. */
  buffered: number;
  /** The Worker's JSON log lines: cron ticks and drains. */
  logs: WorkerLog[];
};
type Figure = [label: string, value: string];
/** The server's error lines: how many so far, and the last few. */
type ServerErrors = { seen: number; last: string[] };
const SERVER_ERRORS_KEPT = 5;
type Section = { title: string; run(bench: Bench): Promise<Figure[]> };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function api(path: string, init: RequestInit & { json?: unknown; token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set('Content-Type', 'application/json');
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
  return fetch(`${BASE}${path}`, { ...init, headers, body });
}

/** Runs `send` up to `total` times with `concurrency` in flight, stopping at the time limit. */
async function load(total: number, concurrency: number, send: (i: number) => Promise<boolean>) {
  let next = 0;
  let ok = 0;
  const started = performance.now();
  const lane = async () => {
    while (next < total && performance.now() - started < SECTION_LIMIT_MS) {
      if (await send(next++)) ok += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { sent: next, ok, seconds: (performance.now() - started) / 1000 };
}

/** One anonymous visitor's click report per call; each call is another visitor address. */
async function sendClick(bench: Bench, i: number) {
  const res = await api(`/v1/link/${bench.linkId}/click`, {
    headers: { 'User-Agent': BROWSER_UA, 'CF-Connecting-IP': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
  });
  await res.arrayBuffer();
  if (res.status === 204) bench.buffered += 1;
  return res.status === 204;
}

const clickEndpoint: Section = {
  title: 'Click endpoint: GET /v1/link/{id}/click (one KV write per event)',
  async run(bench) {
    const result = await load(CLICKS, CONCURRENCY, (i) => sendClick(bench, i));
    return [
      ['requests', `${number(result.sent)} (concurrency ${CONCURRENCY})`],
      ['accepted (204)', number(result.ok)],
      ['events/second accepted', number(result.ok / result.seconds)],
    ];
  },
};

/** SQL against the bench's local D1, while wrangler dev serves it (as `npm run admin` does). */
const sql: Sql = {
  run: (file, binding = 'DB') => executeFile('--local', file, binding),
  query: (text, binding) => query('--local', text, binding),
};

/** How many counting databases the built Worker binds (the bench's cards spread over them). */
const countingDatabases = () =>
  d1Bindings(JSON.parse(readFileSync(BUILT_CONFIG, 'utf8')) as Parameters<typeof d1Bindings>[0]).length - 1;

const drainAtLimits: Section = {
  title: `Drain at production limits: ${number(DRAIN_EVENTS)} views and clicks, the clicks above and the rest across ${DRAIN_CARDS} cards, one cron tick at a time, each drain an invocation of its own (1,000 KV operations)`,
  async run(bench) {
    const databases = countingDatabases();
    const cards = createCards(sql, DRAIN_CARDS, databases);
    const perCard = Math.ceil(Math.max(DRAIN_EVENTS - bench.buffered, 0) / DRAIN_CARDS);
    const buffered = await bufferEvents(BASE, cards, perCard, 4);
    // The clicks above, on the bench's own card, are checked like the others.
    const clicked = { id: bench.userId, linkId: bench.linkId, buffered: bench.buffered };
    bench.buffered = 0;
    const figures = await drainFigures(BASE, bench.logs, sql, cards, clicked, databases);
    const storage = storageFigures(stateDir, buffered.total + clicked.buffered, cards.length + 1);
    return [
      ['events/second buffered by the fixture', number(buffered.total / buffered.seconds)],
      ...figures,
      ...storage,
    ];
  },
};

const spaFirstLoad: Section = {
  title: `SPA first-load JavaScript per screen, gzip (dashboard budget ${number(DASHBOARD_BUDGET_BYTES / 1024)} KB)`,
  async run() {
    return firstLoad().map(({ path, files, bytes }) => {
      const over = path.startsWith('/dashboard') && bytes > DASHBOARD_BUDGET_BYTES ? '  OVER BUDGET' : '';
      return [path, `${number(bytes / 1024, 1)} KB in ${files} files${over}`];
    });
  },
};

// The page section goes last: it adds and removes a static asset, which makes wrangler dev reload.
const sections: Section[] = [
  spaFirstLoad,
  dashboardSection(BASE),
  // A workerd of its own on the next port, started and stopped within the section.
  startupSection(PORT + 1, lib),
  clickEndpoint,
  drainAtLimits,
  statsLatencySection(BASE, sql),
  orgAnalyticsSection(BASE, sql, countingDatabases),
  loadSection(BASE, sql),
  weightSection(BASE),
  uploadsSection(BASE),
  edgeSection(BASE),
  pageSection(BASE),
];

async function isServing() {
  try {
    await (await fetch(BASE, { signal: AbortSignal.timeout(2000) })).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

/**
 * wrangler dev in its own process group (stopping it stops workerd too), its log parsed: the
 * Worker's job lines into `logs`, and its last errors kept for a section that cannot finish.
 */
function startServer(logs: WorkerLog[], errors: ServerErrors) {
  const child = spawn(
    'wrangler',
    [
      'dev',
      ...['--config', 'dist/cardlink/wrangler.json', '--port', String(PORT), '--ip', '127.0.0.1'],
      ...['--persist-to', stateDir, '--var', 'ENVIRONMENT:development', '--var', 'REQUIRE_ACTIVATION:false'],
      ...['--show-interactive-dev-session=false', '--log-level', 'log'],
    ],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    const lines = output.split('\n');
    output = lines.pop() ?? '';
    for (const line of lines) {
      if (/"level":"error"|\berror\b|✘/i.test(line)) {
        errors.seen += 1;
        errors.last = [...errors.last.slice(1 - SERVER_ERRORS_KEPT), line.trim().slice(0, 300)];
      }
      if (!line.includes('"job":"scheduled"') && !line.includes('"job":"drain"')) continue;
      try {
        logs.push(JSON.parse(line.slice(line.indexOf('{'))) as WorkerLog);
      } catch {
        // Not one of ours.
      }
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
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

if (await isServing()) throw new Error(`Port ${PORT} is already serving; stop that server first`);
if (!process.argv.includes('--no-build') || !existsSync('dist/cardlink/wrangler.json')) {
  run('vite', ['build', '--logLevel', 'warn']);
}
applyMigrations('--local');
seedCatalogue('--local');

const logs: WorkerLog[] = [];
const serverErrors: ServerErrors = { seen: 0, last: [] };
const server = startServer(logs, serverErrors);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(
    signal,
    () =>
      void server.stop().then(() => {
        rmSync(stateDir, { recursive: true, force: true });
        process.exit(130);
      }),
  );
}
try {
  const deadline = Date.now() + 120_000;
  while (!(await isServing())) {
    if (server.exited() || Date.now() > deadline) throw new Error('wrangler dev did not start');
    await sleep(300);
  }
  const id = Date.now().toString(36);
  const account = {
    name: 'Bench Owner',
    username: `bench_${id}`,
    email: `bench_${id}@example.com`,
    password: 'bench card owner 2026',
  };
  const registered = await api('/v1/auth/register', { method: 'POST', json: account });
  if (registered.status !== 201) throw new Error(`could not register: ${registered.status} ${await registered.text()}`);
  const { token, user } = (await registered.json()) as { token: string; user: { id: string } };
  const link = await api('/v1/user/links', {
    method: 'POST',
    token,
    json: { title: 'Site', url: 'https://example.com' },
  });
  if (link.status !== 201) throw new Error(`could not create a link: ${link.status} ${await link.text()}`);
  const linkId = ((await link.json()) as { link: { id: number } }).link.id;
  const signIn = async () => {
    const res = await api('/v1/auth/login', {
      method: 'POST',
      json: { email: account.email, password: account.password },
    });
    if (res.status !== 200) throw new Error(`could not sign in: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { token: string }).token;
  };
  const credentials = { email: account.email, password: account.password };
  const bench: Bench = {
    token,
    credentials,
    signIn,
    userId: user.id,
    username: account.username,
    linkId,
    buffered: 0,
    logs,
  };

  console.log(`\nBenchmarks on local workerd (${BASE}); figures depend on this machine.\n`);
  const only = process.argv.flatMap((arg, i, all) => (all[i - 1] === '--only' ? [arg.toLowerCase()] : []));
  const chosen = sections.filter((s) => !only.length || only.some((word) => s.title.toLowerCase().includes(word)));
  // A section that cannot finish here (a time limit passed on a busy machine, the server closed a
  // connection under load, Chromium missing) says so with the server's errors meanwhile, and the
  // run goes on: every section is printed, and the exit code stays 0 (docs/development.md).
  const unfinished: string[] = [];
  for (const section of chosen) {
    const errorsBefore = serverErrors.seen;
    let figures: Figure[];
    try {
      figures = await section.run(bench);
    } catch (error) {
      unfinished.push(section.title.split(':')[0]!);
      const fresh = serverErrors.last.slice(-Math.min(serverErrors.seen - errorsBefore, SERVER_ERRORS_KEPT));
      figures = [
        ['COULD NOT RUN', error instanceof Error ? error.message : String(error)],
        ...fresh.map((line, i): Figure => [i === 0 ? "  the server's last errors" : '', line]),
      ];
    }
    console.log(section.title);
    const width = Math.max(...figures.map(([label]) => label.length));
    for (const [label, value] of figures) console.log(`  ${label.padEnd(width)}  ${value}`);
    console.log('');
  }
  console.log(
    unfinished.length === 0
      ? `Every section ran (${chosen.length}).`
      : `${chosen.length - unfinished.length} of ${chosen.length} sections ran; could not run: ${unfinished.join('; ')}.`,
  );
} finally {
  await server.stop();
  rmSync(stateDir, { recursive: true, force: true });
}
