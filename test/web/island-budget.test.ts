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
    // As `vite build` sets it (Vitest runs with 'test'): Lingui drops its message compiler.
    define: { 'process.env.NODE_ENV': '"production"' },
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

  // The card's words come in one chunk per language, none of them in what every
  // visitor downloads; the catalogues arrive compiled, so no message parser ships at all.
  const allModules = [...chunks.values()].flatMap((chunk) => chunk.moduleIds);
  expect(allModules.some((id) => id.includes('compileMessage'))).toBe(false);
  const wordChunks = [...chunks.values()].filter((chunk) =>
    chunk.moduleIds.some((id) => id.includes('compiled/island/')),
  );
  expect(wordChunks.map((chunk) => chunk.moduleIds.filter((id) => id.includes('compiled/')).length)).toEqual([
    1, 1, 1, 1, 1, 1,
  ]);
  expect(wordChunks.some((chunk) => initial.has(chunk.fileName))).toBe(false);
  const largest = Math.max(...wordChunks.map((chunk) => gzipSync(chunk.code).length));
  console.log(`[budget] island words: ${wordChunks.length} languages, the largest ${largest} B gzip`);
  expect(largest).toBeLessThan(1024);
}, 60_000);
