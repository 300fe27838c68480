import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { APP_FONT } from '../shared/constants';
import { chunkEntry, type ChunkGraph } from './chunking';
import { FONT_WEIGHTS, fontFaceCss, fontFileUrl, THEME_FONTS } from '../shared/fonts';

// The build's own Vite plugins; vite.config.ts composes them with React, Tailwind and Cloudflare's.

const CHUNK_GRAPH = fileURLToPath(new URL('../dist/client-chunks.json', import.meta.url));

/**
 * Writes the client build's chunk graph beside dist/client (never served), so `npm run bench`
 * can print each screen's first-load JavaScript: the static imports of its route modules.
 */
export const chunkGraph = (): Plugin => ({
  name: 'client-chunk-graph',
  apply: 'build',
  writeBundle(_options, bundle) {
    if (this.environment.name !== 'client') return;
    const graph: ChunkGraph = {};
    for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') graph[chunk.fileName] = chunkEntry(chunk);
    mkdirSync(fileURLToPath(new URL('../dist', import.meta.url)), { recursive: true });
    writeFileSync(CHUNK_GRAPH, JSON.stringify(graph, null, 2));
  },
});

/** The theme fonts' files (shared/fonts.ts): the Latin subset of each @fontsource package. */
const fontFiles = () =>
  THEME_FONTS.flatMap((font) =>
    FONT_WEIGHTS.map((weight) => ({
      url: fontFileUrl(font.slug, weight),
      source: fileURLToPath(
        new URL(
          `../node_modules/@fontsource/${font.slug}/files/${font.slug}-latin-${weight}-normal.woff2`,
          import.meta.url,
        ),
      ),
    })),
  );

/** Serves the theme fonts from this product: copied into the client build, and served by `vite dev`. */
export const themeFonts = (): Plugin => ({
  name: 'theme-fonts',
  configureServer(server) {
    const files = new Map(fontFiles().map((file) => [file.url, file.source]));
    server.middlewares.use((req, res, next) => {
      const source = req.url ? files.get(req.url) : undefined;
      if (!source) return next();
      res.setHeader('Content-Type', 'font/woff2');
      res.end(readFileSync(source));
    });
  },
  // The app's own font, on every screen from the first paint (never switched mid-session): its
  // faces declared in the page's head (font-display: swap) and its files preloaded. The app's page
  // (index.html) also declares every theme font, for the card previews (web/src/lib/theme-fonts.ts):
  // a declaration costs no download, and in the page it costs the screens' scripts nothing.
  transformIndexHtml(_html, context) {
    const slug = THEME_FONTS.find((font) => APP_FONT.startsWith(font.name))!.slug;
    const themeFaces = THEME_FONTS.filter((font) => !APP_FONT.startsWith(font.name))
      .map((font) => fontFaceCss(font.name))
      .join('');
    const app = context.filename.endsWith('/web/index.html');
    return [
      ...(app ? [{ tag: 'style', attrs: { id: 'theme-fonts' }, children: themeFaces, injectTo: 'head' as const }] : []),
      ...FONT_WEIGHTS.map((weight) => ({
        tag: 'link',
        attrs: { rel: 'preload', href: fontFileUrl(slug, weight), as: 'font', type: 'font/woff2', crossorigin: '' },
        injectTo: 'head' as const,
      })),
      { tag: 'style', attrs: { id: 'app-font' }, children: fontFaceCss(APP_FONT), injectTo: 'head' as const },
    ];
  },
  generateBundle() {
    if (this.environment.name !== 'client') return;
    for (const file of fontFiles())
      this.emitFile({ type: 'asset', fileName: file.url.slice(1), source: readFileSync(file.source) });
  },
});

/** `vite dev` has no build output: the card's island is served from its source instead. */
export const cardIslandDev = (): Plugin => ({
  name: 'card-island-dev',
  apply: 'serve',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url === '/card/island.js') req.url = '/src/island/main.ts';
      next();
    });
  },
});
