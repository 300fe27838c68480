// npm run deploy: refuse without the required secrets, apply D1 migrations remotely, seed the
// catalogue, build, then `wrangler deploy` (one command ships API, card page and SPA).
import { applyMigrations, query, run, seedCatalogue } from './lib.ts';

const REQUIRED_SECRETS = ['JWT_SECRET', 'VISITOR_SALT'];
const OPTIONAL_SECRETS = { RESEND_API_KEY: 'password-reset mail will be logged as not sent, never delivered' };

// Secret values are write-only: `wrangler secret list` answers names (and types), never a value
// or its length. So this script can only check that each required secret is set; the 32-character
// minimum is enforced by the Worker itself (worker/lib/config.ts), which answers a generic 500 to
// whatever needs a short secret and logs which secret is too short.
const listed = JSON.parse(run('wrangler', ['secret', 'list', '--format', 'json'], { quiet: true })) as {
  name: string;
}[];
const isSet = (name: string) => listed.some((secret) => secret.name === name);
const missing = REQUIRED_SECRETS.filter((name) => !isSet(name));
if (missing.length > 0) {
  console.error(
    `Refusing to deploy: missing secret(s) ${missing.join(', ')}.\n` +
      `Set each with \`npx wrangler secret put NAME\` (at least 32 random characters, e.g. \`openssl rand -base64 48\`).`,
  );
  process.exit(1);
}
for (const [name, consequence] of Object.entries(OPTIONAL_SECRETS)) {
  if (!isSet(name)) console.warn(`Note: ${name} is not set; ${consequence}.`);
}
console.log(
  `Secrets ${REQUIRED_SECRETS.join(', ')} are set. Their length cannot be read back: the Worker refuses ` +
    'any shorter than 32 characters (a 500 whose log line names the secret).',
);

applyMigrations('--remote');
seedCatalogue('--remote');
run('vite', ['build']);
run('wrangler', ['deploy']);
await awaitMediaMigration();

/**
 * Avatars and covers stored before image derivatives are converted by the deployed Worker itself
 * (its cron, every minute, in bounded batches: the Images binding only runs there). Wait and show
 * progress until none is left; a long backlog keeps converting after this script gives up.
 */
async function awaitMediaMigration() {
  const waiting = () =>
    Number(
      query<{ n: number }>(
        '--remote',
        "SELECT (SELECT count(*) FROM profiles WHERE instr(avatar_key, '.') > 0) + (SELECT count(*) FROM profiles WHERE instr(cover_key, '.') > 0) AS n",
      )[0]?.n ?? 0,
    );
  const deadline = Date.now() + 15 * 60_000;
  for (let left = waiting(); left > 0; left = waiting()) {
    if (Date.now() > deadline) {
      console.warn(`Media migration: ${left} image(s) still waiting; the cron converts them in the next minutes.`);
      return;
    }
    console.log(`Media migration: ${left} image(s) stored before derivatives, converting (cron, every minute)...`);
    await new Promise((resolve) => setTimeout(resolve, 30_000));
  }
  console.log('Media migration: every avatar and cover is served as derivatives.');
}
