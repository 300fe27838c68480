// npm run deploy: everything that can fail before production changes runs first (build, config
// checks, wrangler's dry run, secrets); then the remote migrations, the seed (missing rows only),
// the deploy of the built Worker, and the wait for the media migration. docs/deploying.md.
import { readFileSync } from 'node:fs';
import { deployConfigPath } from '../build/deploy-config.ts';
import { builtConfigProblems, type BuiltConfig } from './deploy-checks.ts';
import { exampleConfigProblem } from './deploy-example-check.ts';
import { type D1Config, migratedBindings, migrateRemote, timeTravelCommands } from './deploy-migrate.ts';
import { BUILT_CONFIG, query, run, seedCatalogue } from './lib.ts';
import { type BindingsConfig, missingNeeds, readReleaseNeeds } from './release-needs.ts';

const REQUIRED_SECRETS = ['JWT_SECRET', 'VISITOR_SALT'];
const OPTIONAL_SECRETS = { RESEND_API_KEY: 'password-reset mail will be logged as not sent, never delivered' };

function refuse(message: string): never {
  console.error(`Refusing to deploy: ${message}\nNothing in production was changed.`);
  process.exit(1);
}

// 0. A deploy config still holding the example's sample values, before anything runs.
const deployConfig = deployConfigPath();
const copied =
  deployConfig &&
  exampleConfigProblem(deployConfig, new URL('../deploy.config.example.json', import.meta.url).pathname);
if (copied) refuse(copied);

// 1. Build, with the account's ids from deploy.config.json (build/deploy-config.ts).
run('vite', ['build']);

// 2. The built config: every binding there, no placeholder id left.
const built = JSON.parse(readFileSync(BUILT_CONFIG, 'utf8')) as BuiltConfig & BindingsConfig & D1Config;
const { errors, warnings } = builtConfigProblems(built);
if (errors.length > 0) refuse(`${BUILT_CONFIG}:\n- ${errors.join('\n- ')}`);
for (const warning of warnings) console.warn(`Note: ${warning}.`);

// 3. wrangler's own validation of the bundle and the config, uploading nothing.
try {
  run('wrangler', ['deploy', '--dry-run', '--config', BUILT_CONFIG]);
} catch {
  refuse('`wrangler deploy --dry-run` failed (above).');
}

// 4. Secrets are write-only: `wrangler secret list` answers names, never a value or its length, so
// only their presence is checked; the Worker refuses any shorter than 32 characters (worker/lib/config.ts).
let listed: { name: string }[];
try {
  listed = JSON.parse(
    run('wrangler', ['secret', 'list', '--format', 'json', '--config', BUILT_CONFIG], { quiet: true }),
  ) as { name: string }[];
} catch {
  refuse('`wrangler secret list` failed (above): check `npx wrangler login` and the ids in deploy.config.json.');
}
const isSet = (name: string) => listed.some((secret) => secret.name === name);
const missing = REQUIRED_SECRETS.filter((name) => !isSet(name));
if (missing.length > 0)
  refuse(
    `missing secret(s) ${missing.join(', ')}. Set each with \`npx wrangler secret put NAME --config ${BUILT_CONFIG}\` ` +
      '(at least 32 random characters, e.g. `openssl rand -base64 48`).',
  );
for (const [name, consequence] of Object.entries(OPTIONAL_SECRETS)) {
  if (!isSet(name)) console.warn(`Note: ${name} is not set; ${consequence}.`);
}

// 4b. What this release and every one before it need of the deployment (release-needs.json).
const lacking = missingNeeds(
  readReleaseNeeds(new URL('../release-needs.json', import.meta.url).pathname),
  built,
  listed.map((secret) => secret.name),
);
if (lacking.length > 0)
  refuse(
    `this release needs what the deployment lacks (docs/upgrading.md says how to add each):\n- ${lacking.join('\n- ')}`,
  );

// 5. Production changes from here on. Migrations only add (docs/development.md, checked by a
// test), so the Worker still running keeps working while they apply, and after a rollback.
const before = new Date().toISOString();
const databases = migratedBindings(built);
const migrated = await migrateRemote(databases, BUILT_CONFIG, before);
if (!migrated.ok) {
  console.error(`\n${migrated.report}`);
  process.exit(1);
}
seedCatalogue('--remote');
run('wrangler', ['deploy', '--config', BUILT_CONFIG]);
await awaitMediaMigration();
console.log(`
Deployed. If something is wrong:
  the Worker:   npx wrangler rollback --config ${BUILT_CONFIG}    (the previous version; migrations only add, so it runs on the new schema)
  the databases, all together so the statistics stay in step with the accounts (D1 Time Travel: each as
  it was before this deploy's migrations; writes since then are lost):
${timeTravelCommands(databases, before, BUILT_CONFIG)
  .map((command) => `    ${command}`)
  .join('\n')}
`);

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
