import type { Plugin } from 'vite';

// Module preloads for the dashboard's first screen in its HTML (docs/decisions/0096); a module of
// its own, so the budget test (in a DOM, where build/vite-plugins.ts's file paths cannot be made)
// builds with it.
/**
 * The dashboard's first screen, opened cold (docs/decisions/0096): the shell's layout and the
 * overview, as the router loads them (web/src/app/router.tsx), with the words they fetch beside
 * them in the default language.
 */
export const FIRST_SCREEN = {
  routes: ['web/src/app/routes/dashboard/layout.tsx', 'web/src/app/routes/dashboard/overview.tsx'],
  // The language's list of word modules, then the areas the layout and the overview load.
  words: ['areas', 'app', 'shell', 'stats', 'cards'].map((area) => `shared/i18n/compiled/${area}/en.ts`),
};

type BundleChunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  moduleIds: readonly string[];
  imports: string[];
};

/**
 * A module's own chunk, else (the bundler may have put a small one in with others) the chunk that
 * holds it.
 */
export function chunkHolding<C extends Omit<BundleChunk, 'type'>>(chunks: C[], source: string): C | undefined {
  const holds = (id: string | null) => id?.endsWith(`/${source}`) ?? false;
  return chunks.find((item) => holds(item.facadeModuleId)) ?? chunks.find((item) => item.moduleIds.some(holds));
}

/**
 * The files of the first screen that the entry does not already name, each once: the routes' and
 * words' chunks and what they import statically (the entry's own imports Vite preloads itself).
 */
export function firstScreenFiles(bundle: Record<string, { type: string }>, entry: string): string[] {
  const chunks = new Map(
    Object.values(bundle)
      .filter((item): item is BundleChunk => item.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const withImports = (file: string, seen: Set<string>): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imported of chunks.get(file)?.imports ?? []) withImports(imported, seen);
    return seen;
  };
  const entryFiles = withImports(entry, new Set());
  const wanted = [...FIRST_SCREEN.routes, ...FIRST_SCREEN.words];
  const roots = wanted.map((source) => {
    const chunk = chunkHolding([...chunks.values()], source);
    if (!chunk) throw new Error(`first screen: no chunk holds ${source}`);
    return chunk.fileName;
  });
  const files = new Set<string>();
  for (const root of roots) withImports(root, files);
  return [...files].filter((file) => !entryFiles.has(file));
}

/**
 * V8's explicit compile hint (Chrome 136 on): a file that starts with it is compiled whole as it
 * arrives, off the main thread, rather than function by function as each is first called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Every file the dashboard's page names: its entry with what that imports, and the first screen's. */
export function startFiles(bundle: Record<string, { type: string }>, entry: string): string[] {
  const chunks = new Map(
    Object.values(bundle)
      .filter((item): item is BundleChunk => item.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const files = new Set<string>();
  const add = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of chunks.get(file)?.imports ?? []) add(imported);
  };
  add(entry);
  for (const file of firstScreenFiles(bundle, entry)) files.add(file);
  return [...files];
}

/**
 * Names the dashboard's first screen's files in its HTML as module preloads, so the phone asks
 * for them while it parses the entry instead of after it ran (before the fonts, docs/decisions/0107) (and the words in one round trip,
 * not the language's list and then the file). Non-blocking: a screen or language the page does
 * not need costs a few kilobytes, never a wait. English is preloaded because the app's language
 * is only known once the entry reads the browser's (web/src/lib/i18n.ts).
 */
export const firstScreenPreload = (): Plugin => ({
  name: 'first-screen-preload',
  apply: 'build',
  // The files the page names run at once: compiled lazily, function by function on the main
  // thread, they cost the bench's throttled phone about 200 ms before the first screen; with the
  // hint most of that is done off the main thread while the other files download
  // (docs/decisions/0096). Other chunks (a screen opened later, a dialog) keep V8's own choice.
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      const entry = Object.values(bundle).find(
        (item) => item.type === 'chunk' && item.isEntry && item.facadeModuleId?.endsWith('/web/index.html'),
      );
      if (!entry) return;
      for (const file of startFiles(bundle, entry.fileName)) {
        const chunk = bundle[file];
        if (chunk?.type === 'chunk' && !chunk.code.startsWith(COMPILE_HINT))
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
      }
    },
  },
  transformIndexHtml: {
    order: 'post',
    handler(html, context) {
      if (!context.bundle || !context.chunk || !context.filename.endsWith('/web/index.html')) return;
      const links = firstScreenFiles(context.bundle, context.chunk.fileName)
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join('\n    ');
      // Before the fonts' preloads (build/vite-plugins.ts): a phone asks for six files at a time,
      // in the page's order, and the screen's code is needed before its text is painted.
      const fonts = /<style id="theme-fonts">|<link rel="preload"[^>]* as="font"/.exec(html);
      const at = fonts?.index ?? html.indexOf('</head>');
      if (at < 0) throw new Error('first screen: web/index.html has no </head>');
      return `${html.slice(0, at)}${links}\n    ${html.slice(at)}`;
    },
  },
});
