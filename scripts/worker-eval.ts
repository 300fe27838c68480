// `node scripts/worker-eval.ts <dir>/index.js` prints how long V8 takes to load, parse and evaluate
// the built Worker's entry and its static imports: what a cold isolate does before its first
// request. Run in a fresh Node (the same V8 generation as workerd) by `npm run bench`; the
// runtime's own modules are stood in for (cloudflare:*, and the Wasm and text modules, which
// workerd does not parse as JavaScript), so only the bundle's JavaScript is timed.
import { registerHooks } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const STANDS_IN = {
  runtime: 'data:text/javascript,export const env = {};',
  data: 'data:text/javascript,export default null;',
};

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier.startsWith('cloudflare:')) return { url: STANDS_IN.runtime, shortCircuit: true };
    if (/\.(wasm|txt)$/.test(specifier)) return { url: STANDS_IN.data, shortCircuit: true };
    return nextResolve(specifier, context);
  },
});

const entry = process.argv[2];
if (!entry) throw new Error('usage: node scripts/worker-eval.ts dist/cardlink/index.js');
const started = performance.now();
await import(pathToFileURL(resolve(entry)).href);
console.log((performance.now() - started).toFixed(1));
