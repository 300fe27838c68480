// First-load JavaScript of each screen of the SPA, from the client build's chunk graph
// (dist/client-chunks.json, written by vite.config.ts): the entry's static imports plus the
// static imports of the screen's route modules, gzip-compressed as a browser would receive them.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

type Graph = Record<string, { src: string | null; imports: string[]; dynamicImports: string[] }>;

export const DASHBOARD_BUDGET_BYTES = 200 * 1024;

const ROUTES = 'web/src/app/routes/';
/** Each screen: the route modules the router loads for it (layout first). */
export const SCREENS: Record<string, string[]> = {
  '/': ['landing.tsx'],
  '/auth/login': ['auth/layout.tsx', 'auth/login.tsx'],
  '/auth/register': ['auth/layout.tsx', 'auth/register.tsx'],
  '/dashboard': ['dashboard/layout.tsx', 'dashboard/overview.tsx'],
  '/dashboard/profile': ['dashboard/layout.tsx', 'dashboard/profile.tsx'],
  '/dashboard/links': ['dashboard/layout.tsx', 'dashboard/links.tsx'],
  '/dashboard/themes': ['dashboard/layout.tsx', 'dashboard/themes.tsx'],
  '/dashboard/templates': ['dashboard/layout.tsx', 'dashboard/templates.tsx'],
  '/dashboard/stats': ['dashboard/layout.tsx', 'dashboard/stats.tsx'],
};

export type ChunkGraph = Graph;

/** First-load gzip bytes per screen, given the chunk graph and each chunk's gzip size. */
export function measureFirstLoad(graph: Graph, gzipSize: (file: string) => number) {
  const bySource = new Map(Object.entries(graph).map(([file, chunk]) => [chunk.src, file]));
  const closure = (file: string, seen: Set<string>) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of graph[file]?.imports ?? []) closure(next, seen);
  };
  const entry = bySource.get('web/index.html');
  if (!entry) throw new Error('the build has no web/index.html entry');
  return Object.entries(SCREENS).map(([path, modules]) => {
    const files = new Set<string>();
    closure(entry, files);
    for (const module of modules) {
      const file = bySource.get(`${ROUTES}${module}`);
      if (!file) throw new Error(`no chunk for ${ROUTES}${module}`);
      closure(file, files);
    }
    const bytes = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
    return { path, files: files.size, bytes };
  });
}

/** The same, read from the last `vite build` (dist/client-chunks.json and dist/client). */
export function firstLoad(distDir = 'dist') {
  const graph = JSON.parse(readFileSync(`${distDir}/client-chunks.json`, 'utf8')) as Graph;
  return measureFirstLoad(graph, (file) => gzipSync(readFileSync(`${distDir}/client/${file}`)).length);
}
