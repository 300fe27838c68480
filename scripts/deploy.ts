// npm run deploy: refuse without real secrets, apply D1 migrations remotely, seed the
// catalogue, build, then `wrangler deploy` (one command ships API, card page and SPA).
import { applyMigrations, run, seedCatalogue } from './lib.ts';

const REQUIRED_SECRETS = ['JWT_SECRET', 'VISITOR_SALT'];

const listed = JSON.parse(run('wrangler', ['secret', 'list', '--format', 'json'], { quiet: true })) as {
  name: string;
}[];
const missing = REQUIRED_SECRETS.filter((name) => !listed.some((secret) => secret.name === name));
if (missing.length > 0) {
  console.error(
    `Refusing to deploy: missing secret(s) ${missing.join(', ')}.\n` +
      `Set each with \`npx wrangler secret put NAME\` (at least 32 random characters, e.g. \`openssl rand -base64 48\`).`,
  );
  process.exit(1);
}

applyMigrations('--remote');
seedCatalogue('--remote');
run('vite', ['build']);
run('wrangler', ['deploy']);
