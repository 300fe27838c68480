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
  server: { port: 5173 },
});
