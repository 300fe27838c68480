import { resolve } from 'node:path';
import { createBuilder, type Rollup } from 'vite';
import { expect, it } from 'vitest';
import { measureWorker, WORKER_STARTUP_BUDGET_BYTES, type WorkerModule } from '../../scripts/worker-size.ts';

// A cold isolate that serves a card evaluates only what the card needs (README, Decisions:
// budgets): the Worker's entry and its static imports are at most 434 KB gzip (scripts/worker-size.ts
// says why not 400), and the heavy parts load with import() on first use. Built here in memory the way `npm run build` builds it
// (vite.config.ts, the Cloudflare plugin), so the figure is of this checkout, never a stale dist/.

/** Modules no card view needs, each of which must sit in a chunk of its own, loaded on first use. */
const LAZY: Record<string, RegExp> = {
  'satori (Open Graph layout)': /\/node_modules\/satori\//,
  'resvg (Open Graph raster)': /\/node_modules\/@resvg\/resvg-wasm\//,
  'the Open Graph fonts': /\/worker\/og\/font-files\.ts$/,
  'pkijs (Apple Wallet signature)': /\/node_modules\/pkijs\//,
  'asn1js (wallet keys)': /\/node_modules\/asn1js\//,
  '@simplewebauthn (passkeys)': /\/node_modules\/@simplewebauthn\/server\//,
  'the passkey ceremonies': /\/worker\/services\/passkey-ceremony\.ts$/,
  'the wallet passes': /\/worker\/wallet\/(apple|google)-pass\.ts$/,
  'the link import': /\/worker\/services\/link-import\//,
  "the operator console's services": /\/worker\/services\/admin\/[a-z-]+\.ts$/,
  'the account export': /\/worker\/services\/account-data\/export\.ts$/,
  'the API reference': /\/docs\/openapi\.json$/,
  'the MCP SDK (the /mcp server)': /\/node_modules\/@modelcontextprotocol\/sdk\//,
  'the MCP tools': /\/worker\/routes\/mcp\/(server|tools|call|endpoint)\.ts$/,
  "the organisations' handlers and services, their template's too":
    /\/worker\/(routes\/(orgs-handlers|orgs-body|org-template-handlers)|services\/orgs\/[a-z-]+)\.ts$/,
  "the webhooks' endpoint services": /\/worker\/services\/webhooks\/(endpoints|actions)\.ts$/,
  "Settings' token list (make, list, revoke)": /\/worker\/services\/api-tokens-manage\.ts$/,
  'the moved-on page': /\/worker\/(routes|pages)\/moved-on(-page)?\.tsx$/,
};

it('the Worker evaluates at most 434 KB gzip at start-up; renderers, signing, WebAuthn and the password list load on first use', async () => {
  // Vitest sets NODE_ENV=test, which would bundle React's development build and JSX runtime.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let built: Awaited<ReturnType<Awaited<ReturnType<typeof createBuilder>>['build']>>;
  try {
    const builder = await createBuilder({
      configFile: resolve(process.cwd(), 'vite.config.ts'),
      logLevel: 'silent',
      mode: 'production',
      build: { write: false },
    });
    const environment = Object.values(builder.environments).find((env) => env.name !== 'client');
    expect(environment).toBeDefined();
    built = await builder.build(environment!);
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const output = (Array.isArray(built) ? built : [built]).flatMap((item) => (item as Rollup.RollupOutput).output);
  const chunks = output.flatMap((item) => (item.type === 'chunk' ? [item] : []));
  const files = new Map<string, Uint8Array>(
    output.map((item) => [
      item.fileName,
      item.type === 'chunk' ? new TextEncoder().encode(item.code) : new Uint8Array(Buffer.from(item.source)),
    ]),
  );
  // The Wasm and text modules are modules of the Worker too (no imports of their own).
  const dataModules = output.filter((item) => item.type === 'asset' && /\.(wasm|txt)$/.test(item.fileName));
  const modules: WorkerModule[] = [
    ...chunks.map((chunk) => ({
      file: chunk.fileName,
      isEntry: chunk.isEntry,
      imports: chunk.imports,
      dynamicImports: chunk.dynamicImports,
    })),
    ...dataModules.map((item) => ({ file: item.fileName, isEntry: false, imports: [], dynamicImports: [] })),
  ];
  const sizes = measureWorker(modules, (file) => files.get(file) ?? new Uint8Array());
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `[budget] Worker start-up: ${kb(sizes.startup.gzip)} gzip (${kb(sizes.startup.raw)} raw) in ${sizes.startup.files.length} modules; ` +
      `entry alone ${kb(sizes.entry.gzip)} gzip; loaded on first use: ${sizes.lazy.map((s) => `${s.file} ${kb(s.gzip)}`).join(', ')}`,
  );
  expect(sizes.startup.gzip).toBeLessThanOrEqual(WORKER_STARTUP_BUDGET_BYTES);

  const moduleIds = (files: string[]) => chunks.filter((c) => files.includes(c.fileName)).flatMap((c) => c.moduleIds);
  const atStartup = moduleIds(sizes.startup.files);
  const onFirstUse = moduleIds(sizes.lazy.map((s) => s.file));
  for (const [name, pattern] of Object.entries(LAZY)) {
    expect(
      atStartup.filter((id) => pattern.test(id)),
      `${name} is evaluated at start-up`,
    ).toEqual([]);
    // Present in a lazy chunk: the check above cannot pass because a module was renamed away.
    expect(
      onFirstUse.some((id) => pattern.test(id)),
      `${name} is in no chunk of the build`,
    ).toBe(true);
  }
  // The common passwords are a text module (data, never parsed as code), loaded on first use.
  const passwords = dataModules.find((item) => /common-passwords.*\.txt$/.test(item.fileName));
  expect(passwords, 'the password list is not a text module').toBeDefined();
  expect(sizes.lazy.map((s) => s.file)).toContain(passwords!.fileName);
  expect(chunks.some((chunk) => chunk.moduleIds.some((id) => id.includes('common-passwords')))).toBe(false);
}, 180_000);
