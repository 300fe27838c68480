import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';
import { expect, it } from 'vitest';

// The card's island is at most 30 KB compressed. Built here the way the
// client build emits it (minified, qr-code-styling split off behind a dynamic import).
const ISLAND_BUDGET = 30 * 1024;
// Vitest runs from the repository root.
const path = (relative: string) => resolve(process.cwd(), relative);

it('the island a visitor downloads with the card is at most 30 KB gzip; the QR code loads on first use', async () => {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: { '@shared': path('shared'), '@': path('web/src') } },
    build: { write: false, minify: true, rolldownOptions: { input: { island: path('web/src/island/main.ts') } } },
  })) as Rollup.RollupOutput;
  const chunks = new Map(
    output.output.flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])),
  );
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  expect(entry).toBeDefined();
  // The entry and everything it imports statically: what the card page makes every visitor fetch.
  const initial = new Set<string>();
  const visit = (file: string) => {
    if (initial.has(file)) return;
    initial.add(file);
    for (const next of chunks.get(file)?.imports ?? []) visit(next);
  };
  visit(entry?.fileName ?? '');
  const gzip = (files: Iterable<string>) =>
    [...files].reduce((sum, f) => sum + gzipSync(chunks.get(f)?.code ?? '').length, 0);
  const initialBytes = gzip(initial);
  const lazy = [...chunks.keys()].filter((file) => !initial.has(file));
  const lazyBytes = gzip(lazy);
  console.log(
    `[budget] island: ${initialBytes} B gzip in ${initial.size} files (budget ${ISLAND_BUDGET} B); QR on first use: ${lazyBytes} B gzip`,
  );
  expect(initialBytes).toBeLessThanOrEqual(ISLAND_BUDGET);
  // qr-code-styling is not in what every visitor downloads.
  const initialModules = [...initial].flatMap((file) => chunks.get(file)?.moduleIds ?? []);
  expect(initialModules.some((id) => id.includes('qr-code-styling'))).toBe(false);
  expect(lazy.length).toBeGreaterThan(0);
  expect(lazyBytes).toBeGreaterThan(initialBytes);
}, 60_000);
