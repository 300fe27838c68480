// npm run deploy: everything that can fail before production changes runs first (deploy.config.json,
// build, config checks, wrangler's dry run, secrets, what the release needs, the databases there
// are); then what a first deploy lacks is created (the databases), the remote migrations, each
// checked, stopping the deploy when one is declined or fails, the seed (missing rows only), the
// secrets that can be generated, the deploy of the built Worker, which creates the rest, and the
// wait for the media migration. docs/deploying.md, docs/decisions/0088 and 0089.
import { readFileSync, writeFileSync } from 'node:fs';
import { deployConfigPath, deployConfigProblems } from '../build/deploy-config.ts';
import { builtConfigProblems, type BuiltConfig } from './deploy-checks.ts';
import { exampleConfigProblem } from './deploy-example-check.ts';
import { type D1Config, migratedBindings, migrateRemote, timeTravelCommands } from './deploy-migrate.ts';
import { BUILT_CONFIG, d1Bindings, query, run, seedCatalogue } from './lib.ts';
import {
  countingDatabasesInUse,
  existingSecrets,
  generateSecret,
  missingDatabases,
  namespaceTitled,
} from './provision.ts';
import { type BindingsConfig, missingNeeds, readReleaseNeeds } from './release-needs.ts';

// Generated on the first deploy when missing (random, never printed); the mail key cannot be.
const GENERATED_SECRETS = ['JWT_SECRET', 'VISITOR_SALT'];
const OPTIONAL_SECRETS = { RESEND_API_KEY: 'password-reset mail will be logged as not sent, never delivered' };

function refuse(message: string): never {
  console.error(`Refusing to deploy: ${message}\nNothing in production was changed.`);
  process.exit(1);
}

// 0. deploy.config.json (when there is one) before anything runs: an example value left in, or a
// field that is not a setting, is named here rather than failing somewhere in production.
let deployFile: string | null;
try {
  deployFile = deployConfigPath();
} catch (error) {
  refuse(error instanceof Error ? error.message : String(error));
}
if (deployFile) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(deployFile, 'utf8'));
  } catch (error) {
    refuse(`${deployFile} is not JSON: ${String(error)}`);
  }
  // A copy of the example not filled in: each sample value it still holds, by field.
  const copied = exampleConfigProblem(deployFile, new URL('../deploy.config.example.json', import.meta.url).pathname);
  if (copied) refuse(copied);
  const problems = deployConfigProblems(parsed);
  if (problems.length > 0) refuse(`${deployFile}:\n- ${problems.join('\n- ')}`);
}

// 1. Build, with what deploy.config.json sets (build/deploy-config.ts).
run('vite', ['build']);

// 2. The built config: every binding there, each naming its resource, no placeholder id left.
const built = JSON.parse(readFileSync(BUILT_CONFIG, 'utf8')) as BuiltConfig &
  BindingsConfig &
  D1Config & { name: string };
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
// A Worker not deployed yet has none: those that can be generated are, below.
const secrets = existingSecrets(built.name);
if (secrets.error) refuse(`\`wrangler secret list\` failed:\n${secrets.error}`);
const isSet = (name: string) => secrets.names.includes(name);
const toGenerate = GENERATED_SECRETS.filter((name) => !isSet(name));
for (const [name, consequence] of Object.entries(OPTIONAL_SECRETS)) {
  if (!isSet(name)) console.warn(`Note: ${name} is not set; ${consequence}.`);
}

// 4b. What this release and every one before it need of the deployment (release-needs.json); the
// secrets generated below count as there.
const lacking = missingNeeds(readReleaseNeeds(new URL('../release-needs.json', import.meta.url).pathname), built, [
  ...secrets.names,
  ...toGenerate,
]);
if (lacking.length > 0)
  refuse(
    `this release needs what the deployment lacks (docs/upgrading.md says how to add each):\n- ${lacking.join('\n- ')}`,
  );

// 5. The databases there are: those the built config names without an id and the account does
// not have yet are created below. A card counted in a database this build does not bind would
// lose its statistics, so a smaller size than the cards use is refused.
const databases = missingDatabases(built);
if (databases.error) refuse(`\`wrangler d1 list\` failed:\n${databases.error}`);
const bound = d1Bindings(built).length - 1;
if (!databases.create.some((db) => db.binding === 'DB')) {
  const { used, error } = countingDatabasesInUse();
  if (error) refuse(`reading the deployed accounts database failed:\n${error}`);
  if (used > bound)
    refuse(
      `cards are counted in ${used} counting databases, and this build binds ${bound}: set "counting_databases": ${used} ` +
        '(or list their ids in "counts_database_ids") in deploy.config.json, so none of their statistics is lost.',
    );
}

// The buffer's namespace, when an earlier deploy created it: named in the built config, so this
// deploy binds it rather than trying to create a second of the same title (provision.ts).
const events = built.kv_namespaces?.find((kv) => kv.binding === 'EVENTS');
if (events && !events.id) {
  const found = namespaceTitled(`${built.name}-events`);
  if (found.error) refuse(`\`wrangler kv namespace list\` failed:\n${found.error}`);
  if (found.id) {
    events.id = found.id;
    writeFileSync(BUILT_CONFIG, JSON.stringify(built));
  }
}

// 6. Production changes from here on. Migrations only add (docs/development.md, checked by a
// test), so the Worker still running keeps working while they apply, and after a rollback. A
// first deploy creates its databases first: the Worker must not serve before its schema is there.
const before = new Date().toISOString();
for (const { binding, name } of databases.create) {
  run('wrangler', ['d1', 'create', name, '--update-config=false', '--config', BUILT_CONFIG], { quiet: true });
  console.log(`Created the D1 database ${name} (${binding}).`);
}
const migrating = migratedBindings(built);
const migrated = await migrateRemote(migrating, BUILT_CONFIG, before);
if (!migrated.ok) {
  console.error(`\n${migrated.report}`);
  if (databases.create.length > 0)
    console.error(
      `(The databases created for this first deploy are left in place, empty but for what was migrated: ${databases.create.map((db) => db.name).join(', ')}.)`,
    );
  process.exit(1);
}
seedCatalogue('--remote');
// Generated secrets go in before the Worker that needs them: on a new account `secret put` makes
// the Worker's first, empty version, and the deploy below replaces it, keeping them.
for (const name of toGenerate) {
  generateSecret(name);
  console.log(`Generated ${name} (random, 48 bytes; kept only in Cloudflare).`);
}
// wrangler creates what is still missing (the KV namespace, the bucket, the queue), finds what
// exists by name, and keeps what the Worker was bound to before (docs/decisions/0088).
run('wrangler', ['deploy', '--config', BUILT_CONFIG]);
await awaitMediaMigration();
console.log(`
Deployed. If something is wrong:
  the Worker:   npx wrangler rollback --config ${BUILT_CONFIG}    (the previous version; migrations only add, so it runs on the new schema)
  the databases, all together so the statistics stay in step with the accounts (D1 Time Travel: each as
  it was before this deploy's migrations; writes since then are lost):
${timeTravelCommands(migrating, before, BUILT_CONFIG)
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
    console.log(
      `Media migration: ${left} image(s) stored before derivatives, converting (the cron, a turn every ten minutes)...`,
    );
    await new Promise((resolve) => setTimeout(resolve, 30_000));
  }
  console.log('Media migration: every avatar and cover is served as derivatives.');
}
