import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';

const PLACEHOLDER = '<!--landing-->';
const RENDER_MODULE = fileURLToPath(new URL('../web/src/landing/render.tsx', import.meta.url));

/**
 * Renders the landing page into the client build's landing.html, so its content is on screen
 * before any script runs; web/src/landing/main.tsx then hydrates it (README, Decisions: the
 * landing page).
 */
export const prerenderLanding = (): Plugin => ({
  name: 'prerender-landing',
  apply: 'build',
  async writeBundle(options) {
    if (this.environment.name !== 'client' || !options.dir) return;
    const file = join(options.dir, 'landing.html');
    const template = readFileSync(file, 'utf8');
    if (!template.includes(PLACEHOLDER)) this.error(`${file} has no ${PLACEHOLDER} to fill`);
    const { module } = await runnerImport<{ renderLanding: () => string }>(RENDER_MODULE, {
      configFile: false,
      logLevel: 'error',
      resolve: { tsconfigPaths: true },
    });
    writeFileSync(file, template.replace(PLACEHOLDER, module.renderLanding()));
  },
});
