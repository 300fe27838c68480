// npm start: build, apply migrations, seed the catalogue, serve everything at :8787 (PORT to change).
// Runs fully locally: D1, R2 and KV are embedded in .wrangler/state (STATE_DIR to change); no account, no network.
import { existsSync, readFileSync } from 'node:fs';
import { DEFAULT_COUNTING_DATABASES } from '../worker/lib/count-shards.ts';
import { applyMigrations, localConfig, run, seedCatalogue, spawnLong, STATE_DIR } from './lib.ts';
import { localCountingDatabases } from './local-state.ts';

// No outside request while developing: miniflare would fetch the `Request.cf` object from
// workers.cloudflare.com (CLOUDFLARE_CF_FETCH_ENABLED=false makes it use its built-in
// placeholder), and wrangler would send usage metrics. Every wrangler below inherits these.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';
process.env.WRANGLER_SEND_METRICS ??= 'false';
// A local build takes no account's ids, whatever deploy.config.json holds: the embedded state is
// found by the bindings' names (build/deploy-config.ts, scripts/local-state.ts).
process.env.DEPLOY_CONFIG = 'none';
// The state first: its files renamed from an earlier release's names, and as many counting
// databases bound as its cards are counted in, so every card keeps its statistics (0088).
localConfig(STATE_DIR);
const counting = localCountingDatabases(STATE_DIR);
process.env.COUNTING_DATABASES = String(counting);
if (counting > DEFAULT_COUNTING_DATABASES)
  console.log(
    `Local state in ${STATE_DIR}: its cards are counted in ${counting} databases, so all ${counting} are bound.`,
  );

const port = process.env.PORT ?? '8787';
const requireActivation = process.env.REQUIRE_ACTIVATION === 'true' ? 'true' : 'false';
// Run-time settings passed through when set in the environment (README, Configuration).
const passedVars = ['SUPPORT_EMAIL', 'SUPPORT_WHATSAPP'].flatMap((name) =>
  process.env[name] ? ['--var', `${name}:${process.env[name]}`] : [],
);

// The built config must bind what the state counts in, without an account's ids (a build for a
// deploy has them): otherwise it is made again.
if (!process.argv.includes('--no-build') || !builtForThisState()) run('vite', ['build', '--logLevel', 'warn']);
// The browser suite starts its second instance on this line (playwright.config.ts): the build is done.
console.log(`Local state in ${STATE_DIR}: migrating and seeding...`);
applyMigrations('--local');
seedCatalogue('--local');
console.log(`\nServing on http://localhost:${port} (development; mail outbox at /v1/dev/mail?to=...)\n`);
spawnLong('wrangler', [
  'dev',
  '--config',
  'dist/cardlink/wrangler.json',
  '--port',
  port,
  '--ip',
  '127.0.0.1',
  '--persist-to',
  STATE_DIR,
  '--var',
  'ENVIRONMENT:development',
  '--var',
  `REQUIRE_ACTIVATION:${requireActivation}`,
  ...passedVars,
  '--show-interactive-dev-session=false',
  '--log-level',
  'warn',
]);

// wrangler dev does not fire cron triggers: run the cron every minute, as deployed (wrangler.toml),
// through the dev server's scheduled endpoint; its drains run on wrangler dev's local queue.
setInterval(() => {
  fetch(`http://127.0.0.1:${port}/cdn-cgi/local/scheduled?cron=*+*+*+*+*`).catch(() => undefined);
}, 60_000).unref();

function builtForThisState() {
  if (!existsSync('dist/cardlink/wrangler.json')) return false;
  const config = JSON.parse(readFileSync('dist/cardlink/wrangler.json', 'utf8')) as {
    d1_databases?: { binding: string; database_id?: string }[];
    kv_namespaces?: { id?: string }[];
  };
  const d1 = config.d1_databases ?? [];
  return (
    d1.filter((db) => db.binding.startsWith('COUNTS_')).length === counting &&
    d1.every((db) => !db.database_id) &&
    (config.kv_namespaces ?? []).every((kv) => !kv.id)
  );
}

type Migration = { converted: number; cleared: number; skipped: number; remaining: number };

/**
 * Local state from before image derivatives: convert its avatars and covers at once (the media
 * migration, README Decisions: images), in batches until none is left. A no-op on a fresh state.
 */
async function migrateMedia() {
  const url = `http://127.0.0.1:${port}/v1/dev/media-migration`;
  for (let wait = 0; wait < 240; wait++) {
    try {
      await (await fetch(`http://127.0.0.1:${port}/`)).arrayBuffer();
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  const total = { converted: 0, cleared: 0 };
  for (let batch = 0; batch < 1000; batch++) {
    const res = await fetch(url, { method: 'POST' });
    if (!res.ok) throw new Error(`media migration: ${res.status} ${await res.text()}`);
    const { data } = (await res.json()) as { data: Migration };
    total.converted += data.converted;
    total.cleared += data.cleared;
    if (data.remaining === 0 || data.converted + data.cleared === 0) break;
  }
  if (total.converted + total.cleared > 0)
    console.log(
      `Media migration: ${total.converted} image(s) converted to derivatives, ${total.cleared} undecodable removed.`,
    );
}
migrateMedia().catch((error: unknown) => console.error(`Media migration failed: ${String(error)}`));
