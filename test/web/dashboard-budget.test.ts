import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';
import { expect, it } from 'vitest';
import { chunkEntry, CLIENT_CHUNKING } from '../../build/chunking';
import { budgetOf, measureFirstLoad, type ChunkGraph } from '../../scripts/bundle-size';

// The landing and auth screens never download the dashboard's code. First loads, gzip: the
// landing page at most 100 KB, each sign-in screen 152 KB, each dashboard screen 201 KB (README,
// Decisions: budgets). A screen's first load counts every chunk it needs to become usable, its
// lazy forms included.
const path = (relative: string) => resolve(process.cwd(), relative);

// The dashboard's own code: its routes and the features only it uses.
const DASHBOARD_CODE =
  /\/web\/src\/(app\/routes\/dashboard|features\/(dashboard|cards|links|profile|themes|templates|stats|shell|security|account-data|share|contacts|wallet))\//;
// The admin console's code: loaded by /admin only, so no user's bundle grows.
const ADMIN_CODE = /\/web\/src\/(app\/routes\/admin|features\/admin)\//;

it('each screen keeps to its first-load budget; no other screen loads dashboard code', async () => {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root: path('web'),
    // Vitest sets NODE_ENV=test, which would bundle React's development build.
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [react(), tailwindcss()],
    resolve: { tsconfigPaths: true },
    build: {
      write: false,
      minify: true,
      // Split as the real build splits (build/chunking.ts).
      rolldownOptions: {
        output: { codeSplitting: CLIENT_CHUNKING.codeSplitting },
        input: {
          index: path('web/index.html'),
          landing: path('web/landing.html'),
          auth: path('web/auth.html'),
          admin: path('web/admin.html'),
        },
      },
    },
  })) as Rollup.RollupOutput;
  const chunks = output.output.flatMap((item) => (item.type === 'chunk' ? [item] : []));
  const graph: ChunkGraph = Object.fromEntries(chunks.map((chunk) => [chunk.fileName, chunkEntry(chunk)]));
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const screens = measureFirstLoad(graph, (file) => gzipSync(byFile.get(file)?.code ?? '').length);
  console.log(screens.map(({ path, bytes }) => `[budget] ${path}: ${(bytes / 1024).toFixed(1)} KB gzip`).join('\n'));

  for (const screen of screens) {
    // A lazy chunk the screen's list does not account for would make its figure too small.
    expect(screen.unlisted, screen.path).toEqual([]);
    const dashboardModules = screen.chunks.flatMap((file) => byFile.get(file)?.moduleIds ?? []);
    if (screen.path !== '/admin')
      expect(
        dashboardModules.filter((id) => ADMIN_CODE.test(id)),
        screen.path,
      ).toEqual([]);
    const budget = budgetOf(screen.path);
    if (budget !== undefined) expect(screen.bytes, screen.path).toBeLessThanOrEqual(budget);
    if (!screen.path.startsWith('/dashboard') && screen.path !== '/admin') {
      expect(
        dashboardModules.filter((id) => DASHBOARD_CODE.test(id)),
        screen.path,
      ).toEqual([]);
    }
  }
  const measured = screens.map((screen) => screen.path);
  for (const path of ['/', '/auth/login', '/auth/register', '/auth/forgot-password', '/auth/verify-otp']) {
    expect(measured).toContain(path);
  }
  expect(measured).toEqual(expect.arrayContaining(['/auth/reset-password', '/icons', '/dashboard/links']));
  expect(measured.some((path) => path.includes('Page Not Found'))).toBe(true);
  // The profile form is part of its screen's first load; the link form opens on demand.
  const chunksOf = (path: string) =>
    screens.find((screen) => screen.path === path)!.chunks.map((file) => graph[file]?.src);
  expect(chunksOf('/dashboard/profile')).toContain('web/src/features/profile/components/profile-form.tsx');
  expect(chunksOf('/dashboard/links')).not.toContain('web/src/features/links/components/link-form.tsx');
  // A prerendered sign-in screen counts its own entry and the app that takes it over.
  expect(chunksOf('/auth/login')).toEqual(expect.arrayContaining(['web/auth.html', 'web/index.html']));
}, 120_000);
