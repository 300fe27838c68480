import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { prerenderLanding } from './build/prerender-landing';
import { APP_FONT } from './shared/constants';
import { FONT_WEIGHTS, fontFaceCss, fontFileUrl, THEME_FONTS } from './shared/fonts';

const CHUNK_GRAPH = fileURLToPath(new URL('./dist/client-chunks.json', import.meta.url));

/**
 * Writes the client build's chunk graph beside dist/client (never served), so `npm run bench`
 * can print each screen's first-load JavaScript: the static imports of its route modules.
 */
const chunkGraph = (): Plugin => ({
  name: 'client-chunk-graph',
  apply: 'build',
  writeBundle(_options, bundle) {
    if (this.environment.name !== 'client') return;
    const graph: Record<string, { src: string | null; imports: string[]; dynamicImports: string[] }> = {};
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      const src = chunk.facadeModuleId ? chunk.facadeModuleId.replace(/^.*\/web\//, 'web/') : null;
      graph[chunk.fileName] = { src, imports: chunk.imports, dynamicImports: chunk.dynamicImports };
    }
    mkdirSync(fileURLToPath(new URL('./dist', import.meta.url)), { recursive: true });
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
          `./node_modules/@fontsource/${font.slug}/files/${font.slug}-latin-${weight}-normal.woff2`,
          import.meta.url,
        ),
      ),
    })),
  );

/** Serves the theme fonts from this product: copied into the client build, and served by `vite dev`. */
const themeFonts = (): Plugin => ({
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
  // faces declared in the page's head (font-display: swap) and its files preloaded.
  transformIndexHtml() {
    const slug = THEME_FONTS.find((font) => APP_FONT.startsWith(font.name))!.slug;
    return [
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

// Builds the dashboard SPA (web/) into dist/client and, through the Cloudflare plugin,
// the Worker beside it; `vite dev` runs the Worker in workerd with the same bindings.
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  envDir: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    {
      // `vite dev` has no build output: the card's island is served from its source instead.
      name: 'card-island-dev',
      apply: 'serve',
      configureServer(server) {
        server.middlewares.use((req, _res, next) => {
          if (req.url === '/card/island.js') req.url = '/src/island/main.ts';
          next();
        });
      },
    },
    react(),
    tailwindcss(),
    chunkGraph(),
    themeFonts(),
    prerenderLanding(),
    cloudflare({
      configPath: fileURLToPath(new URL('./wrangler.toml', import.meta.url)),
      persistState: { path: fileURLToPath(new URL('./.wrangler/state', import.meta.url)) },
    }),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./web/src', import.meta.url)),
      '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // The public card's island (issue 5) is a second entry of the client build, emitted
          // at a stable path the edge-rendered page can name without reading a manifest.
          input: {
            index: fileURLToPath(new URL('./web/index.html', import.meta.url)),
            landing: fileURLToPath(new URL('./web/landing.html', import.meta.url)),
            island: fileURLToPath(new URL('./web/src/island/main.ts', import.meta.url)),
          },
          output: {
            entryFileNames: (chunk) => (chunk.name === 'island' ? 'card/island.js' : 'assets/[name]-[hash].js'),
          },
        },
      },
    },
  },
  server: { port: 5173 },
});
