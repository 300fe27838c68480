// npm start: build, apply migrations, seed the catalogue, serve everything at :8787 (PORT to change).
// Runs fully locally: D1, R2 and KV are embedded in .wrangler/state (STATE_DIR to change); no account, no network.
import { existsSync } from 'node:fs';
import { applyMigrations, run, seedCatalogue, spawnLong, STATE_DIR } from './lib.ts';

// No outside request while developing: miniflare would fetch the `Request.cf` object from
// workers.cloudflare.com (CLOUDFLARE_CF_FETCH_ENABLED=false makes it use its built-in
// placeholder), and wrangler would send usage metrics. Every wrangler below inherits these.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';
process.env.WRANGLER_SEND_METRICS ??= 'false';
// A local build keeps wrangler.toml's ids, whatever deploy.config.json holds: the embedded state
// is found by them (build/deploy-config.ts).
process.env.DEPLOY_CONFIG = 'none';

const port = process.env.PORT ?? '8787';
const requireActivation = process.env.REQUIRE_ACTIVATION === 'true' ? 'true' : 'false';
// Run-time settings passed through when set in the environment (README, Configuration).
const passedVars = ['SUPPORT_EMAIL', 'SUPPORT_WHATSAPP'].flatMap((name) =>
  process.env[name] ? ['--var', `${name}:${process.env[name]}`] : [],
);

if (!process.argv.includes('--no-build') || !existsSync('dist/cardlink/wrangler.json'))
  run('vite', ['build', '--logLevel', 'warn']);
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
