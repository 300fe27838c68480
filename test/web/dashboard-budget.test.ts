import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';
import { expect, it } from 'vitest';
import { chunkEntry, CLIENT_CHUNKING } from '../../build/chunking';
import { chunkHolding, COMPILE_HINT, FIRST_SCREEN, firstScreenPreload } from '../../build/first-screen';
import { budgetOf, measureFirstLoad, type ChunkGraph } from '../../scripts/bundle-size';

// The landing and auth screens never download the dashboard's code. First loads, gzip: the
// landing page at most 100 KB, each sign-in screen 152 KB, each dashboard screen 201 KB (README,
// Decisions: budgets). A screen's first load counts every chunk it needs to become usable, its
// lazy forms included.
const path = (relative: string) => resolve(process.cwd(), relative);

// The dashboard's own code: its routes and the features only it uses.
const DASHBOARD_CODE =
  /\/web\/src\/(app\/routes\/dashboard|features\/(dashboard|cards|links|profile|themes|templates|stats|shell|security|account-data|share|contacts|wallet|orgs))\//;
// The admin console's code: loaded by /admin only, so no user's bundle grows.
const ADMIN_CODE = /\/web\/src\/(app\/routes\/admin|features\/admin)\//;

// One build for both tests below, as the real build splits (build/chunking.ts) and with its
// first-screen preloads (build/first-screen.ts).
let building: Promise<Rollup.RollupOutput> | null = null;
const built = () =>
  (building ??= build({
    configFile: false,
    logLevel: 'silent',
    root: path('web'),
    // Vitest sets NODE_ENV=test, which would bundle React's development build.
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [react(), tailwindcss(), firstScreenPreload()],
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
  }) as Promise<Rollup.RollupOutput>);

it('each screen keeps to its first-load budget; no other screen loads dashboard code', async () => {
  const output = await built();
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

// The dashboard's HTML names the first screen's files (the overview inside the shell, and its
// words in English) so a cold phone asks for them while the entry downloads, not after it ran.
it("the dashboard's HTML preloads the first screen's chunks and words", async () => {
  const output = await built();
  const html = output.output.find((item) => item.type === 'asset' && item.fileName === 'index.html');
  const text = String(html && html.type === 'asset' ? html.source : '');
  // The files the HTML names: its entry script and the module preloads (Vite's and ours).
  const preloaded = [
    ...text.matchAll(/<(?:link rel="modulepreload"|script type="module") crossorigin (?:href|src)="\/([^"]+)">/g),
  ].map((m) => m[1]);
  const chunks = output.output.flatMap((item) => (item.type === 'chunk' ? [item] : []));
  const fileOf = (source: string) => chunkHolding(chunks, source)?.fileName;
  for (const source of [...FIRST_SCREEN.routes, ...FIRST_SCREEN.words]) {
    expect(fileOf(source), source).toBeDefined();
    expect(preloaded, source).toContain(fileOf(source));
  }
  // The words come in two files, not five (docs/decisions/0107, 0096): the language's list with the
  // `app` area and the dashboard's frame, and the overview's own areas.
  expect(new Set(FIRST_SCREEN.words.map(fileOf)).size).toBe(2);
  // What the overview imports comes with it (or with the entry, which Vite names), each file once.
  const overview = chunks.find((chunk) => chunk.fileName === fileOf(FIRST_SCREEN.routes[1]!))!;
  for (const file of overview.imports) expect(text, file).toContain(`/${file}"`);
  expect(new Set(preloaded).size).toBe(preloaded.length);
  // Few of them (docs/decisions/0096): a phone asks for six at a time from one host, so each six
  // more cost a round trip before the first screen. 26 before the groups of build/chunking.ts,
  // 17 before the button, the pictures and the catalogues joined them.
  expect(preloaded.length).toBeLessThanOrEqual(13);
  // Each of them is compiled whole as it arrives, off the main thread (V8's compile hint); a screen
  // opened later keeps V8's own choice.
  const codeOf = (file: string | undefined) => chunks.find((chunk) => chunk.fileName === file)?.code ?? '';
  for (const file of preloaded) expect(codeOf(file).startsWith(`${COMPILE_HINT}\n`), file).toBe(true);
  expect(codeOf(fileOf('web/src/app/routes/dashboard/links.tsx'))).not.toContain(COMPILE_HINT);
  // Another screen's code is not preloaded; nor does another page carry the dashboard's list.
  expect(preloaded).not.toContain(fileOf('web/src/app/routes/dashboard/links.tsx'));
  const auth = output.output.find((item) => item.fileName === 'auth.html');
  expect(String(auth && auth.type === 'asset' ? auth.source : '')).not.toContain(fileOf(FIRST_SCREEN.routes[1]!));
}, 120_000);
