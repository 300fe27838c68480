import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import { LANGUAGES, type Language } from '../shared/i18n/languages';
import { headFor, htmlFor, languageDir, type PageHead } from './page-language';

const PLACEHOLDER = '<!--auth-->';
const RENDER_MODULE = fileURLToPath(new URL('../web/src/app/render-auth.tsx', import.meta.url));

type RenderModule = {
  PRERENDERED_AUTH: readonly string[];
  renderAuth: (path: string, language: Language) => string;
  authHead: (language: Language) => PageHead;
};

/**
 * Renders each sign-in screen into its own page of the client build (auth/login.html, ...), from
 * the auth.html template: the static assets answer /auth/login with it, and its content is on
 * screen before any script runs; web/src/auth-boot.ts loads the app on the first move (README,
 * Decisions: the sign-in screens).
 */
export const prerenderAuth = (): Plugin => ({
  name: 'prerender-auth',
  apply: 'build',
  async writeBundle(options, bundle) {
    if (this.environment.name !== 'client' || !options.dir) return;
    // The app's entry, which the page loads on the visitor's first move (web/src/auth-boot.ts).
    const appEntry = Object.values(bundle).find(
      (chunk) => chunk.type === 'chunk' && chunk.isEntry && chunk.facadeModuleId?.endsWith('/web/index.html'),
    );
    if (!appEntry) this.error('the build has no entry for web/index.html');
    const templateFile = join(options.dir, 'auth.html');
    const template = readFileSync(templateFile, 'utf8');
    if (!template.includes(PLACEHOLDER)) this.error(`${templateFile} has no ${PLACEHOLDER} to fill`);
    const { module } = await runnerImport<RenderModule>(RENDER_MODULE, {
      configFile: false,
      logLevel: 'error',
      resolve: { tsconfigPaths: true },
    });
    // Each screen in each language; the Worker picks the visitor's (worker/routes/page-language.ts).
    for (const language of LANGUAGES)
      for (const path of module.PRERENDERED_AUTH) {
        const file = join(options.dir, `${languageDir(language)}${path.replace(/^\//, '')}.html`);
        mkdirSync(dirname(file), { recursive: true });
        const page = headFor(htmlFor(template, language), module.authHead(language))
          .replace(PLACEHOLDER, module.renderAuth(path, language))
          .replace('</head>', `  <meta name="app-entry" content="/${appEntry.fileName}" />\n  </head>`);
        writeFileSync(file, page);
      }
    // The template itself is no page.
    rmSync(templateFile);
  },
});
