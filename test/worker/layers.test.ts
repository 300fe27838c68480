// House style: layers point one way. Every import of every Worker source file (static, dynamic
// and re-exports) is read and checked against the layer it points into; a file importing upward
// fails here with its name and the offending import.
import { describe, expect, it } from 'vitest';

const SOURCES = import.meta.glob<string>('../../worker/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

type Layer = 'env' | 'lib' | 'db' | 'services' | 'renderers' | 'middleware' | 'routes' | 'app' | 'jobs' | 'index';

/**
 * What each layer may import (besides itself, packages and shared/). The renderers (pages/ for the
 * card, og/ for images, wallet/ for passes) are composed by routes; they may name a service's
 * types (the card they draw) but call none, and no service imports them.
 */
const MAY_IMPORT: Record<Layer, Layer[]> = {
  env: ['lib', 'db'],
  lib: ['env'],
  db: ['env', 'lib'],
  services: ['env', 'lib', 'db'],
  renderers: ['env', 'lib'],
  middleware: ['env', 'lib', 'db', 'services'],
  routes: ['env', 'lib', 'services', 'renderers', 'middleware'],
  app: ['env', 'lib', 'db', 'services', 'renderers', 'middleware', 'routes'],
  // The cron and queue handlers (jobs.ts) call services directly: no request, so no middleware or route.
  jobs: ['env', 'lib', 'db', 'services'],
  index: ['env', 'lib', 'db', 'services', 'renderers', 'middleware', 'routes', 'app', 'jobs'],
};
/** The tables: read and written by services alone (middleware asks a service, docs/architecture.md). */
const TABLES_FROM: Layer[] = ['db', 'services'];
/** Imported for types only (`import type`), which evaluates nothing: a renderer's card shape. */
const MAY_IMPORT_TYPES: Partial<Record<Layer, Layer[]>> = { renderers: ['services'] };

const FOLDERS: Record<string, Layer> = {
  lib: 'lib',
  db: 'db',
  services: 'services',
  pages: 'renderers',
  og: 'renderers',
  wallet: 'renderers',
  middleware: 'middleware',
  routes: 'routes',
};
const ROOT_FILES: Record<string, Layer> = { 'env.ts': 'env', 'app.ts': 'app', 'jobs.ts': 'jobs', 'index.ts': 'index' };

/** The layer of a path under worker/ ('worker/services/x.ts'), or null for anything else. */
function layerOf(path: string): Layer | null {
  const parts = path.split('/');
  if (parts[0] !== 'worker') return null;
  if (parts.length === 2) return ROOT_FILES[parts[1]!] ?? null;
  return FOLDERS[parts[1]!] ?? null;
}

/** A relative specifier resolved against the importing file ('worker/a/b.ts' + '../c' = 'worker/c'). */
function resolve(from: string, specifier: string) {
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('?')[0]!.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

type Found = { specifier: string; typeOnly: boolean };

/** Every import, re-export and import() of a source text, comments left out. */
function importsOf(source: string): Found[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: Found[] = [];
  for (const match of code.matchAll(/^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    found.push({ specifier: match[3]!, typeOnly: Boolean(match[2]) });
  }
  for (const match of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    found.push({ specifier: match[1]!, typeOnly: false });
  }
  return found;
}

/** `file: import` for every import that points into a layer the file's own may not use. */
function upwardImports(files: Record<string, string>) {
  const wrong: string[] = [];
  for (const [file, source] of Object.entries(files)) {
    const layer = layerOf(file);
    if (!layer) continue;
    for (const { specifier, typeOnly } of importsOf(source)) {
      if (!specifier.startsWith('.')) continue;
      const path = resolve(file, specifier);
      const target = layerOf(path);
      if (!target) continue;
      if (path.startsWith('worker/db/schema') && !TABLES_FROM.includes(layer)) {
        wrong.push(`${file}: ${specifier} (tables)`);
        continue;
      }
      if (target === layer) continue;
      const allowed = [...MAY_IMPORT[layer], ...(typeOnly ? (MAY_IMPORT_TYPES[layer] ?? []) : [])];
      if (!allowed.includes(target)) wrong.push(`${file}: ${typeOnly ? 'import type ' : ''}${specifier} (${target})`);
    }
  }
  return wrong;
}

const workerFiles = Object.fromEntries(
  Object.entries(SOURCES).map(([path, source]) => [path.replace(/^(\.\.\/)+/, ''), source]),
);

describe('layers', () => {
  it('reads every Worker source file and sees their imports', () => {
    const files = Object.keys(workerFiles);
    expect(files).toEqual(expect.arrayContaining(['worker/app.ts', 'worker/env.ts', 'worker/lib/errors.ts']));
    expect(files.length).toBeGreaterThan(100);
    const app = importsOf(workerFiles['worker/app.ts']!).map((found) => found.specifier);
    expect(app).toEqual(expect.arrayContaining(['./routes/auth', './lib/errors']));
    // A lazily loaded module counts as an import too.
    const ogRoute = importsOf(workerFiles['worker/routes/og-image.ts']!).map((found) => found.specifier);
    expect(ogRoute).toContain('../og/og-image');
  });

  it('no layer imports upward: lib imports nothing above it, services no route, middleware or renderer, and only services touch tables', () => {
    expect(upwardImports(workerFiles)).toEqual([]);
  });

  it('env.ts imports no service, even as a type', () => {
    const imports = importsOf(workerFiles['worker/env.ts']!).map((found) => found.specifier);
    expect(imports.filter((specifier) => specifier.includes('services/'))).toEqual([]);
  });

  it('catches an upward import, static, dynamic or type-only where types may not go', () => {
    expect(
      upwardImports({
        'worker/lib/mailer.ts':
          "import { devMail } from '../db/schema';\nimport { readOutbox } from '../services/dev-outbox';",
        'worker/services/wallet.ts': "const { buildPkpass } = await import('../wallet/apple-pass');",
        'worker/services/links.ts': "import type { AppEnv } from '../env';\nimport type { X } from '../routes/links';",
        'worker/pages/head.tsx':
          "import type { PublicCard } from '../services/public-card';\nimport { getPublicCard } from '../services/public-card';",
        'worker/middleware/auth.ts': "import {\n  signedIn,\n} from '../routes/sign-in';",
        'worker/middleware/admin.ts': "import { users } from '../db/schema';",
        'worker/routes/links.ts': "import { links } from '../db/schema';\nimport { createDb } from '../db/client';",
        'worker/env.ts': "import type { DrainMessage } from './services/events/fan-out';",
      }),
    ).toEqual([
      'worker/lib/mailer.ts: ../db/schema (tables)',
      'worker/lib/mailer.ts: ../services/dev-outbox (services)',
      'worker/services/wallet.ts: ../wallet/apple-pass (renderers)',
      'worker/services/links.ts: import type ../routes/links (routes)',
      'worker/pages/head.tsx: ../services/public-card (services)',
      'worker/middleware/auth.ts: ../routes/sign-in (routes)',
      'worker/middleware/admin.ts: ../db/schema (tables)',
      'worker/routes/links.ts: ../db/schema (tables)',
      'worker/routes/links.ts: ../db/client (db)',
      'worker/env.ts: import type ./services/events/fan-out (services)',
    ]);
  });
});
