// npm run bench, the public card's section: the document's compressed size (a card with phone
// photos and ten links, test/e2e/harness/phone-card.ts), the island's size, and /p/{username}
// against a static file of the same size served by the same Worker's assets (the physical limit
// of this machine), in interleaved rounds so the load of a shared machine falls on each alike.
// Loopback only, bounded.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createPhoneCard } from '../test/e2e/harness/phone-card.ts';

type Figure = [label: string, value: string];

const HTML_BUDGET = 14 * 1024;
const ISLAND_BUDGET = 30 * 1024;
const REQUESTS = 700;
/**
 * Static file, counted card, crawler's card, this many times over: the shared machine's load
 * swings within seconds, and five rounds steady the median (three swung 74-105 % on one build).
 */
const ROUNDS = 5;
const CONCURRENCY = 16;
const LIMIT_MS = 60_000;
const CLIENT_DIR = 'dist/client';
const STATIC_FILE = 'bench/static-card.html';
const BROWSER_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function expectOk(res: Response, what: string) {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res;
}

/**
 * The island entry plus the chunks it imports statically (what every visitor downloads), and
 * everything reachable through its dynamic imports (the QR code, fetched on first use).
 */
export function islandSizes() {
  const size = (file: string) => gzipSync(readFileSync(join(CLIENT_DIR, file))).length;
  const staticImports = (file: string, code: string) =>
    [...code.matchAll(/(?:^|;)import(?:[^;]*?from)?"(\.{1,2}\/[^"]+)"/gm)].map((m) => join(dirname(file), m[1] ?? ''));
  // Vite lists a dynamic import's chunks by their path from the site root ("assets/x.js").
  const dynamicImports = (code: string) => [...code.matchAll(/"(assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
  const initial = new Set<string>();
  const all = new Set<string>();
  const visit = (file: string, eager: boolean) => {
    if (eager) initial.add(file);
    if (all.has(file)) return;
    all.add(file);
    const code = readFileSync(join(CLIENT_DIR, file), 'utf8');
    for (const next of staticImports(file, code)) visit(next, eager);
    for (const next of dynamicImports(code)) visit(next, false);
  };
  visit('card/island.js', true);
  const lazy = [...all].filter((file) => !initial.has(file));
  const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + size(file), 0);
  return { initial: sum(initial), files: initial.size, lazyBytes: sum(lazy), lazyFiles: lazy.length };
}

let visitors = 0;

/** Requests per second and latencies of one URL under a fixed, bounded load. */
async function measure(url: string, userAgent = BROWSER_UA) {
  const latencies: number[] = [];
  let next = 0;
  const failures = new Map<number, number>();
  const started = performance.now();
  const lane = async () => {
    while (next < REQUESTS && performance.now() - started < LIMIT_MS) {
      next += 1;
      // Each request another visitor, so every view is counted (one visitor's are bounded).
      const n = ++visitors;
      const ip = `10.${200 + ((n >> 16) & 31)}.${(n >> 8) & 255}.${n & 255}`;
      const t0 = performance.now();
      const headers = { 'User-Agent': userAgent, 'Accept-Encoding': 'gzip', 'CF-Connecting-IP': ip };
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) failures.set(res.status, (failures.get(res.status) ?? 0) + 1);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  return { latencies, seconds: (performance.now() - started) / 1000, failures };
}
type Run = Awaited<ReturnType<typeof measure>>;

/** Several runs of one URL as one figure: requests per second over all of them, median and p95. */
function summary(runs: Run[]) {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((total, r) => total + r.seconds, 0);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const failures = new Map<number, number>();
  for (const [status, count] of runs.flatMap((r) => [...r.failures]))
    failures.set(status, (failures.get(status) ?? 0) + count);
  const failed = [...failures].map(([status, count]) => `${count} answered ${status}`).join(', ');
  return { rps: latencies.length / seconds, p50: at(0.5), p95: at(0.95), count: latencies.length, failed };
}

const rps = (run: Run) => run.latencies.length / run.seconds;
const percent = (value: number) => `${(value * 100).toFixed(0)}%`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export function pageSection(base: string) {
  return {
    title: `Public card: /p/{username} with 10 links and phone photos as avatar and cover (${ROUNDS} rounds of ${REQUESTS} requests, concurrency ${CONCURRENCY})`,
    async run(): Promise<Figure[]> {
      const { username } = await createPhoneCard(base, `page_${Date.now().toString(36)}`);
      const cardUrl = `${base}/p/${username}`;
      const first = await expectOk(await fetch(cardUrl, { headers: { 'User-Agent': BROWSER_UA } }), 'card');
      const html = await first.text();
      const gzip = gzipSync(html).length;
      const island = islandSizes();

      // The same bytes as a static asset; wrangler dev picks new asset files up on its own.
      const staticPath = join(CLIENT_DIR, STATIC_FILE);
      mkdirSync(dirname(staticPath), { recursive: true });
      writeFileSync(staticPath, html);
      const staticUrl = `${base}/${STATIC_FILE.replace(/\.html$/, '')}`;
      try {
        for (let i = 0; i < 100; i++) {
          const res = await fetch(staticUrl);
          if ((await res.text()) === html) break;
          if (i === 99) throw new Error('the static copy was not served');
          await sleep(200);
        }
        const runs: { page: Run; uncounted: Run; file: Run }[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          // Interleaved, so a busy moment of the shared machine falls on all three alike.
          const file = await measure(staticUrl);
          const page = await measure(cardUrl);
          // A crawler's view is not counted: the page's own cost, without the view's salt, bound and KV write.
          const uncounted = await measure(cardUrl, 'Mozilla/5.0 (compatible; Googlebot/2.1)');
          runs.push({ page, uncounted, file });
        }
        const [page, uncounted, file] = (['page', 'uncounted', 'file'] as const).map((kind) =>
          summary(runs.map((r) => r[kind])),
        ) as [ReturnType<typeof summary>, ReturnType<typeof summary>, ReturnType<typeof summary>];
        const counted = runs.map((r) => rps(r.page) / rps(r.file));
        const notCounted = runs.map((r) => rps(r.uncounted) / rps(r.file));
        const spread = (ratios: number[]) => `${percent(Math.min(...ratios))}-${percent(Math.max(...ratios))}`;
        const row = (r: typeof page) =>
          `${r.rps.toFixed(0)} req/s, median ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${r.count} requests${r.failed ? `; ${r.failed}` : ''})`;
        return [
          [
            'document',
            `${kb(Buffer.byteLength(html))} raw, ${kb(gzip)} gzip (budget ${kb(HTML_BUDGET)}: ${gzip <= HTML_BUDGET ? 'ok' : 'OVER'})`,
          ],
          [
            'island JS (entry + static imports)',
            `${kb(island.initial)} gzip in ${island.files} files (budget ${kb(ISLAND_BUDGET)}: ${island.initial <= ISLAND_BUDGET ? 'ok' : 'OVER'})`,
          ],
          ['QR code, loaded on first use', `${kb(island.lazyBytes)} gzip in ${island.lazyFiles} files`],
          [`/p/${username} (view counted)`, row(page)],
          ['same, not counted (crawler)', row(uncounted)],
          ['static file, same bytes', row(file)],
          [
            'card / static throughput',
            `${percent(median(counted))} counted (goal 80%), ${percent(median(notCounted))} not counted (goal 90%): median of ${ROUNDS} interleaved rounds, counted ${spread(counted)}, not counted ${spread(notCounted)}`,
          ],
        ];
      } finally {
        rmSync(dirname(staticPath), { recursive: true, force: true });
      }
    },
  };
}
