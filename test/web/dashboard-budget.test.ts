import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';
import { expect, it } from 'vitest';
import { DASHBOARD_BUDGET_BYTES, measureFirstLoad, type ChunkGraph } from '../../scripts/bundle-size';

// Issue 6, item 4: route-level code splitting keeps each dashboard screen's first load at
// most 200 KB of JavaScript (gzip), and the landing and auth screens never fetch dashboard code.
const path = (relative: string) => resolve(process.cwd(), relative);

it('each dashboard screen loads at most 200 KB of JavaScript; landing and sign-in load no dashboard code', async () => {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root: path('web'),
    // Vitest sets NODE_ENV=test, which would bundle React's development build.
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [react(), tailwindcss()],
    resolve: { alias: { '@shared': path('shared'), '@': path('web/src') } },
    build: { write: false, minify: true },
  })) as Rollup.RollupOutput;
  const chunks = output.output.flatMap((item) => (item.type === 'chunk' ? [item] : []));
  const graph: ChunkGraph = Object.fromEntries(
    chunks.map((chunk) => [
      chunk.fileName,
      {
        src: chunk.facadeModuleId ? chunk.facadeModuleId.replace(/^.*\/web\//, 'web/') : null,
        imports: chunk.imports,
        dynamicImports: chunk.dynamicImports,
      },
    ]),
  );
  const code = new Map(chunks.map((chunk) => [chunk.fileName, chunk.code]));
  const screens = measureFirstLoad(graph, (file) => gzipSync(code.get(file) ?? '').length);
  console.log(screens.map(({ path, bytes }) => `[budget] ${path}: ${(bytes / 1024).toFixed(1)} KB gzip`).join('\n'));
  for (const screen of screens.filter(({ path }) => path.startsWith('/dashboard'))) {
    expect(screen.bytes, screen.path).toBeLessThanOrEqual(DASHBOARD_BUDGET_BYTES);
  }

  // No module of a dashboard screen is among what the landing and sign-in screens load.
  const dashboardChunks = new Set(
    Object.entries(graph)
      .filter(([, chunk]) => chunk.src?.includes('/routes/dashboard/'))
      .map(([file]) => file),
  );
  const outside = measureFirstLoad(graph, (file) => (dashboardChunks.has(file) ? 1 : 0)).filter(
    ({ path }) => !path.startsWith('/dashboard'),
  );
  for (const screen of outside) expect(screen.bytes, screen.path).toBe(0);
}, 120_000);
