// npm run bench, the card's weight with photos straight from a phone camera: bytes transferred
// before any user action (document, images, fonts, island) in Debian's Chromium, beside what the
// card cost when it drew the uploads themselves; then Lighthouse (mobile, simulated slow 4G),
// median of three runs. Loopback only; Chromium and Lighthouse run on this machine.
// BENCH_LIGHTHOUSE_DUMP=<dir> prints each run's paint and blocking figures and keeps its report there.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromium } from 'playwright-core';
import { kb, pageWeight, WEIGHT_SCREENS, type Weight } from '../test/e2e/harness/page-weight.ts';
import { createPhoneCard } from '../test/e2e/harness/phone-card.ts';

type Figure = [label: string, value: string];

const BUDGET = 150 * 1024;
const LIGHTHOUSE_RUNS = 3;

export function findChromium() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of ['chromium', 'chromium-browser']) if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

const parts = (weight: Weight) =>
  Object.entries(weight.byKind)
    .filter(([, bytes]) => bytes > 0)
    .map(([kind, bytes]) => `${kind} ${kb(bytes)}`)
    .join(', ');

/** One Lighthouse run (mobile preset, performance only): score and Largest Contentful Paint. */
function lighthouse(url: string, chrome: string) {
  const result = spawnSync(
    'lighthouse',
    [
      url,
      '--quiet',
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    { encoding: 'utf8', env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
  );
  if (result.status !== 0) throw new Error(`lighthouse exited with ${result.status}: ${result.stderr.slice(-500)}`);
  const report = JSON.parse(result.stdout) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue?: number }>;
  };
  const metric = (id: string) => report.audits[id]?.numericValue ?? NaN;
  if (process.env.BENCH_LIGHTHOUSE_DUMP) {
    const ids = ['first-contentful-paint', 'speed-index', 'total-blocking-time', 'cumulative-layout-shift'];
    console.log(`  lighthouse run: ${ids.map((id) => `${id} ${metric(id).toFixed(3)}`).join(', ')}`);
    writeFileSync(join(process.env.BENCH_LIGHTHOUSE_DUMP, `lighthouse-${Date.now()}.json`), result.stdout);
  }
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcp: metric('largest-contentful-paint'),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Lighthouse's median over LIGHTHOUSE_RUNS runs of `url`, as one figure. */
function lighthouseFigure(url: string, chrome: string, label: string): Figure {
  // A run Lighthouse itself gives up on ('Something went wrong with recording the trace ...
  // Please run Lighthouse again', seen on a loaded machine) is run again once; runs that still
  // fail are named beside the median of the others, and the weights stand either way.
  const runs: { score: number; lcp: number }[] = [];
  const failures: string[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        runs.push(lighthouse(url, chrome));
        break;
      } catch (error) {
        if (attempt === 2) failures.push(error instanceof Error ? error.message : String(error));
      }
    }
  }
  const failed = failures.length ? `; ${failures.length} of ${LIGHTHOUSE_RUNS} runs failed: ${failures[0]}` : '';
  if (runs.length === 0) return [label, `COULD NOT RUN${failed}`];
  return [
    label,
    `performance ${median(runs.map((r) => r.score))}, LCP ${(median(runs.map((r) => r.lcp)) / 1000).toFixed(2)} s (runs: ${runs
      .map((r) => `${r.score}/${(r.lcp / 1000).toFixed(2)} s`)
      .join(', ')}${failed})`,
  ];
}

// Two cards with the same photos: the plain one (ten link buttons), and the one laid out with
// decision 0101's kinds (six profiles in the social row, a header, a YouTube player's face with
// its thumbnail), whose player must load nothing of YouTube's and stay within the same budget.
const CARDS = [
  { name: 'plain card', sections: false },
  { name: 'card with a player, a header and a social row', sections: true },
] as const;

export function weightSection(base: string) {
  return {
    title: `Card weight with phone photos (1512x1512 avatar, 3024x2268 cover, 10 links; then with a player, a header and a social row), before any user action (budget ${kb(BUDGET)})`,
    async run(): Promise<Figure[]> {
      const chrome = findChromium();
      if (!chrome) return [['skipped', 'Chromium is not on the PATH (apt-get install -y chromium)']];
      const figures: Figure[] = [];
      for (const { name, sections } of CARDS) {
        const card = await createPhoneCard(base, `weight_${Date.now().toString(36)}`, 'Ada Lovelace', { sections });
        const url = `${base}/p/${card.username}`;
        figures.push([name, url]);
        const browser = await chromium.launch({ executablePath: chrome, headless: true, args: ['--no-sandbox'] });
        try {
          for (const [screenName, screen] of Object.entries(WEIGHT_SCREENS)) {
            const weight = await pageWeight(browser, url, screen);
            const photos = weight.transfers
              .filter((t) => t.url.includes('/media/'))
              .reduce((sum, t) => sum + t.bytes, 0);
            // Before derivatives the card drew both uploads as sent, whatever the screen.
            const before = weight.total - photos + card.originals.avatar + card.originals.cover;
            const label = `  ${screenName} ${screen.width}x${screen.height} at ${screen.deviceScaleFactor}x`;
            figures.push([label, `${kb(weight.total)} (${parts(weight)}): ${weight.total <= BUDGET ? 'ok' : 'OVER'}`]);
            const outside = weight.transfers.filter((t) => !t.url.startsWith(base));
            if (outside.length) figures.push(['  OUTSIDE REQUESTS', outside.map((t) => t.url).join(', ')]);
            if (!sections)
              figures.push([
                '    drawing the uploads as sent',
                `${kb(before)} (the photos alone ${kb(card.originals.avatar + card.originals.cover)})`,
              ]);
          }
        } finally {
          await browser.close();
        }
        if (!process.argv.includes('--no-lighthouse'))
          figures.push(lighthouseFigure(url, chrome, `  Lighthouse mobile, median of ${LIGHTHOUSE_RUNS}`));
      }
      return figures;
    },
  };
}
