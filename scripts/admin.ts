// npm run admin -- <list|activate|deactivate|grant-admin|revoke-admin> [email] [--remote]
// The operator's side of REQUIRE_ACTIVATION (docs/product.md §6: an administrator activates
// accounts; there is no admin screen). Local state by default; --remote for the deployed D1.
import { eq, type SQLWrapper } from 'drizzle-orm';
import { inlineSql, offlineDb as db } from '../worker/db/render.ts';
import { profiles, users } from '../worker/db/schema.ts';
import { activation, deactivation, roleChange } from '../worker/services/sign-out.ts';
import { query, type Target } from './lib.ts';

const USAGE = `Usage: npm run admin -- <command> [email] [--remote]

  list                  pending accounts (email, username, created)
  activate <email>      let the account sign in
  deactivate <email>    set the account back to pending and sign it out everywhere
  grant-admin <email>   make the account an operator (the console at /admin; needs two-factor sign-in)
  revoke-admin <email>  make the operator an ordinary account again

Without --remote the local database of npm start (.wrangler/state) is used;
with --remote the deployed D1 database named in the built config (npm run build with
deploy.config.json; needs wrangler login).`;

// wrangler answers rows keyed by SQLite's column names, not by drizzle's field names.
type UserRow = { id: string; email: string; status: string; username: string | null; created_at: number };

// wrangler d1 execute --command has no parameters: statements are drizzle's, rendered with their
// values inlined (worker/db/render.ts), the same statements the console runs (services/sign-out.ts).
const accounts = db
  .select({
    id: users.id,
    email: users.email,
    status: users.status,
    username: profiles.username,
    created_at: users.createdAt,
  })
  .from(users)
  .leftJoin(profiles, eq(profiles.userId, users.id));

function findUser(target: Target, email: string): UserRow | undefined {
  return query<UserRow>(target, inlineSql(accounts.where(eq(users.email, email))))[0];
}

function list(target: Target) {
  const rows = query<UserRow>(target, inlineSql(accounts.where(eq(users.status, 'pending')).orderBy(users.createdAt)));
  if (rows.length === 0) {
    console.log('No pending accounts.');
    return;
  }
  console.table(
    rows.map((row) => ({
      email: row.email,
      username: row.username ?? '',
      created: new Date(row.created_at).toISOString(),
    })),
  );
}

/** Several statements as one --command (D1 runs them as one batch). */
const run = (target: Target, statements: readonly SQLWrapper[]) =>
  query(target, statements.map((statement) => `${inlineSql(statement)};`).join('\n'));

function activate(target: Target, user: UserRow) {
  if (user.status === 'active') {
    console.log(`${user.email} is already active.`);
    return;
  }
  run(target, [activation(db, user.id)]);
  console.log(`Activated ${user.email} (${user.username ?? 'no username'}). They can sign in now.`);
}

/** Back to pending, and every session ended: refresh tokens revoked, sessions ended, access tokens refused. */
function deactivate(target: Target, user: UserRow) {
  run(target, deactivation(db, user.id));
  console.log(
    `Deactivated ${user.email}: the account is pending again, signed out everywhere, and its card answers 404.`,
  );
}

/** The admin role: granted and revoked only here, never through the API. */
function setRole(target: Target, user: UserRow, role: 'admin' | 'user') {
  run(target, [roleChange(db, user.id, role)]);
  console.log(
    role === 'admin'
      ? `${user.email} is an operator now. They open the console at /admin after signing in with a second factor.`
      : `${user.email} is no longer an operator.`,
  );
}

const COMMANDS = ['activate', 'deactivate', 'grant-admin', 'revoke-admin'];

function main(argv: string[]): number {
  const target: Target = argv.includes('--remote') ? '--remote' : '--local';
  const [command, rawEmail, ...rest] = argv.filter((arg) => arg !== '--remote' && arg !== '--local');
  if (command === 'help' || command === '--help') {
    console.log(USAGE);
    return 0;
  }
  if (!command || rest.length > 0) {
    console.error(USAGE);
    return 1;
  }
  if (command === 'list') {
    list(target);
    return 0;
  }
  if (!COMMANDS.includes(command)) {
    console.error(`Unknown command "${command}".\n\n${USAGE}`);
    return 1;
  }
  // Stored addresses are lower-case (shared/schemas/auth.ts), so the operator's spelling does not matter.
  const email = rawEmail?.trim().toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) {
    console.error(`${command} needs the account's e-mail address.\n\n${USAGE}`);
    return 1;
  }
  const where = target === '--remote' ? 'the deployed database' : 'the local database';
  const user = findUser(target, email);
  if (!user) {
    console.error(`No account with the e-mail ${email} in ${where}.`);
    return 1;
  }
  if (user.status === 'deleted') {
    console.error(`${email} is being deleted (the cron finishes it within a minute).`);
    return 1;
  }
  if (command === 'activate') activate(target, user);
  else if (command === 'deactivate') deactivate(target, user);
  else setRole(target, user, command === 'grant-admin' ? 'admin' : 'user');
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  // lib.run already printed wrangler's own output; say what to try next.
  console.error(
    `\nThe database could not be read (${(error as Error).message}).\n` +
      'Locally, run `npm start` once so the migrations are applied; remotely, check `wrangler login` and wrangler.toml.',
  );
  process.exitCode = 1;
}
