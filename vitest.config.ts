import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const migrations = await readD1Migrations(fileURLToPath(new URL('./migrations', import.meta.url)));

// One config, two projects, both started by `npm test`: the Worker inside workerd against
// real local D1, R2 and KV (storage isolated per test file), and the web app in a DOM.
export default defineConfig({
  test: {
    // Vitest leaves one core free, which on a 2-core CI means one file at a time; the workerd
    // files spend much of their time starting up and waiting, so two side by side take ~150 s
    // instead of ~280 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Every 4xx answer logs one warn line (worker/middleware/request-log.ts), and the tests send
    // hundreds on purpose; tests that care read the console themselves. Errors still print.
    onConsoleLog: (log: string) => !log.includes('"level":"warn"'),
    projects: [
      {
        // The path aliases are tsconfig.json's, for both projects.
        resolve: { tsconfigPaths: true },
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              bindings: {
                ENVIRONMENT: 'development',
                REQUIRE_ACTIVATION: 'false',
                TEST_MIGRATIONS: migrations,
              },
            },
          }),
        ],
        test: {
          name: 'worker',
          // scrypt costs ~0.3 s per sign-in; generous limits keep a loaded 2-core CI honest.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          include: ['test/worker/**/*.test.ts'],
          setupFiles: ['./test/worker/setup.ts'],
          globalSetup: ['./test/worker/global-setup.ts'],
        },
      },
      {
        plugins: [react()],
        resolve: { tsconfigPaths: true },
        test: {
          name: 'web',
          environment: 'happy-dom',
          // The DOM never leaves this machine: following a link or opening a window does not load it.
          environmentOptions: {
            happyDOM: {
              settings: {
                disableJavaScriptFileLoading: true,
                disableCSSFileLoading: true,
                navigation: {
                  disableMainFrameNavigation: true,
                  disableChildFrameNavigation: true,
                  disableChildPageNavigation: true,
                },
              },
            },
          },
          include: ['test/web/**/*.test.{ts,tsx}'],
          setupFiles: ['./test/web/setup.ts'],
        },
      },
    ],
  },
});
