import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

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
