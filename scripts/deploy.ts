// npm run deploy: refuse without the required secrets, apply D1 migrations remotely, seed the
// catalogue, build, then `wrangler deploy` (one command ships API, card page and SPA).
import { applyMigrations, run, seedCatalogue } from './lib.ts';

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
