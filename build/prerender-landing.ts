import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import { LANGUAGES, type Language } from '../shared/i18n/languages';
import { headFor, htmlFor, languageDir, type PageHead } from './page-language';

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
    const { module } = await runnerImport<{
      renderLanding: (language: Language) => string;
      landingHead: (language: Language) => PageHead;
    }>(RENDER_MODULE, {
      configFile: false,
      logLevel: 'error',
      resolve: { tsconfigPaths: true },
    });
    // One page per language; the Worker picks the visitor's (worker/routes/page-language.ts).
    for (const language of LANGUAGES) {
      const out = join(options.dir, `${languageDir(language)}landing.html`);
      mkdirSync(dirname(out), { recursive: true });
      const page = headFor(htmlFor(template, language), module.landingHead(language));
      writeFileSync(out, page.replace(PLACEHOLDER, module.renderLanding(language)));
    }
  },
});
