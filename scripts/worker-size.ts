// The Worker's start-up weight, from its build's chunk graph: the entry module and every chunk it
// imports statically (what a cold isolate parses and evaluates before its first request), gzip as
// Cloudflare counts a Worker's size, and the chunks loaded with import() on first use beside it.
// Read from the last `vite build` (dist/cardlink/.vite/manifest.json) by `npm run bench`, and from
// an in-memory build by test/web/worker-budget.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * README, Decisions (budgets are tests): what every cold isolate evaluates, gzip. 404 since the
 * MCP server: its tool list and its hand-over to the lazily loaded SDK (about 1.7 KB), and the
 * parts of zod the SDK uses, which land in the chunk of zod the start already loads (about 2 KB),
 * took the start past 400 (docs/decisions/0099-mcp-server.md).
 * 420 since webhooks (each change's event is queued from its route, decision 0098) and link kinds
 * (the card draws sections, the social row, schedules and the highlight, decision 0101): measured
 * 418.2 KB with them. 434 since link previews and players (decision 0100: the card recognises a
 * player and names its embed hosts in its policy, every saved address loses its tracking
 * parameters), organisations (decision 0104: the routes, the cards' new columns, the work card's
 * guards, and the English of its 48 messages that the API's translator matches) and custom domains
 * (decision 0103: the host gate's first look), each of whose services load on first use: measured
 * 432.7 KB, of which about 4 KB is the bundler's (the lazy services
 * share modules of the start, which it then splits into chunks of their own, each gzipped on its
 * own). Organisation templates, their contacts and analytics, the dashboard's organisation screens,
 * invitation mail and AVIF thumbnails took it to 436.5 KB; the webhook and token routes' services then moved to first use (docs/architecture.md, API
 * tokens): measured 431.9 KB. The next room to make: one chunk for the modules the start shares with
 * the lazy services.
 */
export const WORKER_STARTUP_BUDGET_BYTES = 434 * 1024;

/** One module of the Worker's build: a chunk with its imports, or a data/Wasm module (no imports). */
export type WorkerModule = { file: string; isEntry: boolean; imports: string[]; dynamicImports: string[] };
export type Size = { file: string; raw: number; gzip: number };
export type WorkerSizes = {
  /** The entry module alone. */
  entry: Size;
  /** The entry and its static imports, summed. */
  startup: { files: string[]; raw: number; gzip: number };
  /** Every other module (chunks reached with import(), Wasm, text), largest first. */
  lazy: Size[];
};

export function measureWorker(modules: WorkerModule[], bytesOf: (file: string) => Uint8Array): WorkerSizes {
  const byFile = new Map(modules.map((module) => [module.file, module]));
  const entry = modules.find((module) => module.isEntry);
  if (!entry) throw new Error('the Worker build has no entry');
  const size = (file: string): Size => {
    const bytes = bytesOf(file);
    return { file, raw: bytes.length, gzip: gzipSync(bytes).length };
  };
  const startup = new Set<string>();
  const visit = (file: string) => {
    if (startup.has(file)) return;
    startup.add(file);
    // Imports of the runtime itself (cloudflare:workers, node:crypto) are no module of the build.
    for (const next of byFile.get(file)?.imports ?? []) if (byFile.has(next)) visit(next);
  };
  visit(entry.file);
  const sizes = [...startup].map(size);
  return {
    entry: size(entry.file),
    startup: {
      files: [...startup],
      raw: sizes.reduce((sum, s) => sum + s.raw, 0),
      gzip: sizes.reduce((sum, s) => sum + s.gzip, 0),
    },
    lazy: modules
      .filter((module) => !startup.has(module.file))
      .map((module) => size(module.file))
      .sort((a, b) => b.gzip - a.gzip),
  };
}

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>;

/** The same, read from the last `vite build`. */
export function workerSizes(dir = 'dist/cardlink'): WorkerSizes {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const fileOf = (key: string) => manifest[key]?.file ?? key;
  const modules = Object.values(manifest).map((item) => ({
    file: item.file,
    isEntry: item.isEntry === true,
    imports: (item.imports ?? []).map(fileOf),
    dynamicImports: (item.dynamicImports ?? []).map(fileOf),
  }));
  return measureWorker(modules, (file) => readFileSync(join(dir, file)));
}
