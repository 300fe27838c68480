import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { buildDefine } from './build/build-info';
import {
  applyDeployConfig,
  countingDatabases,
  deployConfigPath,
  deployRedirect,
  readDeployConfig,
} from './build/deploy-config';
import { prerenderAuth } from './build/prerender-auth';
import { prerenderLanding } from './build/prerender-landing';
import { CLIENT_CHUNKING } from './build/chunking';
import { cardIslandDev, chunkGraph, themeFonts } from './build/vite-plugins';
import { firstScreenPreload } from './build/first-screen';

// Builds the dashboard SPA (web/) into dist/client and, through the Cloudflare plugin,
// the Worker beside it; `vite dev` runs the Worker in workerd with the same bindings. A build
// takes the number of counting databases, the route and any ids of your own from
// deploy.config.json when there is one (docs/deploying.md).
export default defineConfig(({ command }) => {
  const deployFile = command === 'build' ? deployConfigPath() : null;
  const deploy = deployFile ? readDeployConfig(deployFile) : null;
  const size = countingDatabases(deploy);
  return {
    root: 'web',
    publicDir: 'public',
    // GET /v1/version's version, commit and build time (build/build-info.ts).
    define: buildDefine(),
    envDir: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [
      cardIslandDev(),
      react(),
      tailwindcss(),
      chunkGraph(),
      themeFonts(),
      firstScreenPreload(),
      prerenderLanding(),
      prerenderAuth(),
      cloudflare({
        configPath: fileURLToPath(new URL('./wrangler.toml', import.meta.url)),
        persistState: { path: fileURLToPath(new URL('./.wrangler/state', import.meta.url)) },
        config: (config) => applyDeployConfig(config, deploy, size),
      }),
      deployRedirect(),
    ],
    // The path aliases (@/ and @shared/) are tsconfig.json's, read from there.
    resolve: { tsconfigPaths: true },
    build: {
      outDir: fileURLToPath(new URL('./dist', import.meta.url)),
      emptyOutDir: true,
    },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            // The public card's island  is a second entry of the client build, emitted
            // at a stable path the edge-rendered page can name without reading a manifest.
            input: {
              index: fileURLToPath(new URL('./web/index.html', import.meta.url)),
              landing: fileURLToPath(new URL('./web/landing.html', import.meta.url)),
              auth: fileURLToPath(new URL('./web/auth.html', import.meta.url)),
              admin: fileURLToPath(new URL('./web/admin.html', import.meta.url)),
              island: fileURLToPath(new URL('./web/src/island/main.ts', import.meta.url)),
            },
            output: {
              entryFileNames: (chunk) => (chunk.name === 'island' ? 'card/island.js' : 'assets/[name]-[hash].js'),
              // Few files per screen (build/chunking.ts).
              codeSplitting: CLIENT_CHUNKING.codeSplitting,
            },
          },
        },
      },
    },
    server: { port: 5173 },
  };
});
