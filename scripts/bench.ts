// npm run bench: figures measured on local workerd (wrangler dev on loopback, port 8813, a fresh
// state directory), one section each. Bounded: fixed request counts and a time limit per
// section; only 127.0.0.1 is contacted. `-- --no-build` reuses an existing build;
// `-- --no-lighthouse` skips the three Lighthouse runs.
// To add figures, write a Section below and list it in `sections`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { edgeSection } from './bench-edge.ts';
import { pageSection } from './bench-page.ts';
import { weightSection } from './bench-weight.ts';
import { DASHBOARD_BUDGET_BYTES, firstLoad } from './bundle-size.ts';

const PORT = Number(process.env.BENCH_PORT ?? 8813);
const BASE = `http://127.0.0.1:${PORT}`;
const CLICKS = Number(process.env.BENCH_EVENTS ?? 10_000);
const CONCURRENCY = 32;
const SECTION_LIMIT_MS = 120_000;
const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

// A state of its own (lib.ts reads STATE_DIR when imported), so the figures never mix with
// anyone's local data; no outside request (see scripts/start.ts).
const stateDir = mkdtempSync(join(tmpdir(), 'cardlink-bench-'));
process.env.STATE_DIR = stateDir;
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';
process.env.WRANGLER_SEND_METRICS ??= 'false';
const { applyMigrations, run, seedCatalogue } = await import('./lib.ts');

type FlushLog = { events: number; statements: number; kvOperations: number; d1Ms: number; complete: boolean };
type Bench = {
  token: string;
  username: string;
  linkId: number;
  /** Click events accepted and not yet flushed. */
  buffered: number;
  /** The scheduled handler's flush results, as the Worker logged them. */
  flushes: FlushLog[];
};
type Figure = [label: string, value: string];
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

const flushThroughput: Section = {
  title: `Flush: the cron handler folding the buffered events (${number(CLICKS)} unless the time limit cut the clicks short)`,
  async run(bench) {
    if (bench.buffered < CLICKS) await load(CLICKS - bench.buffered, CONCURRENCY, (i) => sendClick(bench, CLICKS + i));
    const events = bench.buffered;
    const first = bench.flushes.length;
    const started = performance.now();
    for (let runs = 0; performance.now() - started < SECTION_LIMIT_MS; runs++) {
      const res = await fetch(`${BASE}/cdn-cgi/local/scheduled?cron=*+*+*+*+*`);
      await res.arrayBuffer();
      // The log line of this run arrives on wrangler's output shortly after the answer.
      for (let wait = 0; bench.flushes.length < first + runs + 1 && wait < 400; wait++) await sleep(50);
      if (bench.flushes.at(-1)?.complete) break;
    }
    const seconds = (performance.now() - started) / 1000;
    const runs = bench.flushes.slice(first);
    const folded = runs.reduce((sum, r) => sum + r.events, 0);
    const statements = runs.reduce((sum, r) => sum + r.statements, 0);
    const kvOperations = runs.reduce((sum, r) => sum + r.kvOperations, 0);
    const d1Ms = runs.reduce((sum, r) => sum + r.d1Ms, 0);
    const stats = (await (await api('/v1/user/stats', { token: bench.token })).json()) as {
      data: { link_clicks: number };
    };
    bench.buffered = 0;
    // More than accepted only if wrangler dev's proxy retried a GET whose connection to workerd
    // failed under load after the Worker had recorded it (a local-only effect, see README).
    return [
      ['buffered events', number(events)],
      ['cron runs (990 KV operations each)', number(runs.length)],
      ['events/second folded', number(folded / seconds)],
      ['D1 statements per 1,000 events', number((statements / folded) * 1000, 1)],
      ['D1 batch time per 1,000 events', `${number((d1Ms / folded) * 1000)} ms`],
      ['KV operations per 1,000 events', number((kvOperations / folded) * 1000, 1)],
      ['link_clicks after the flush', `${number(stats.data.link_clicks)} for ${number(events)} accepted`],
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
  clickEndpoint,
  flushThroughput,
  weightSection(BASE),
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

/** wrangler dev in its own process group (stopping it stops workerd too), its log parsed. */
function startServer(flushes: FlushLog[]) {
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
      const json = line.slice(line.indexOf('{'));
      if (!line.includes('"job":"scheduled"') || !json.includes('"flush"')) continue;
      try {
        flushes.push((JSON.parse(json) as { flush: FlushLog }).flush);
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

const flushes: FlushLog[] = [];
const server = startServer(flushes);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void server.stop().then(() => process.exit(130)));
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
    password: 'secret123',
  };
  const registered = await api('/v1/auth/register', { method: 'POST', json: account });
  if (registered.status !== 201) throw new Error(`could not register: ${registered.status} ${await registered.text()}`);
  const { token } = (await registered.json()) as { token: string };
  const link = await api('/v1/user/links', {
    method: 'POST',
    token,
    json: { title: 'Site', url: 'https://example.com' },
  });
  if (link.status !== 201) throw new Error(`could not create a link: ${link.status} ${await link.text()}`);
  const linkId = ((await link.json()) as { link: { id: number } }).link.id;
  const bench: Bench = { token, username: account.username, linkId, buffered: 0, flushes };

  console.log(`\nBenchmarks on local workerd (${BASE}); figures depend on this machine.\n`);
  for (const section of sections) {
    const figures = await section.run(bench);
    console.log(section.title);
    const width = Math.max(...figures.map(([label]) => label.length));
    for (const [label, value] of figures) console.log(`  ${label.padEnd(width)}  ${value}`);
    console.log('');
  }
} finally {
  await server.stop();
  rmSync(stateDir, { recursive: true, force: true });
}
