// Loaded with `node --import` by the npm scripts (package.json): lets Node load the Worker's
// modules the scripts share (the catalogue's and the accounts' statements) as Vite does, with
// `@shared/...` as shared/ (tsconfig.json `paths`) and relative imports that name no extension.
import { existsSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);

registerHooks({
  resolve(specifier, context, nextResolve) {
    const aliased = specifier.startsWith('@shared/') ? new URL(`shared/${specifier.slice(8)}`, root).href : specifier;
    const relative = /^(\.\.?\/|file:)/.test(aliased) && !/\.[cm]?[jt]sx?$|\.json$/.test(aliased);
    if (relative && context.parentURL) {
      const base = new URL(aliased, context.parentURL).href;
      const found = [`${base}.ts`, `${base}/index.ts`].find((candidate) => existsSync(fileURLToPath(candidate)));
      if (found) return nextResolve(found, context);
    }
    return nextResolve(aliased, context);
  },
});
