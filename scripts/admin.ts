// npm run admin -- <list|operators|cards|activate|deactivate|grant-admin|revoke-admin|reset-2fa|backup|restore> [email] [--reason "..."] [--remote]
// The operator's command line beside the console (docs/operating.md): every command that changes
// an account writes the audit log in the same batch, with the command line as its actor. Local
// state by default; --remote for the deployed D1.
import { existsSync, realpathSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { fileURLToPath } from 'node:url';
import { and, asc, desc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { inlineSql, offlineDb as db } from '../worker/db/render.ts';
import { cards, totpFactors, users } from '../worker/db/schema.ts';
import {
  ACCOUNT_COMMANDS,
  type AccountCommand,
  type Actor,
  COMMAND_LINE_ID,
  commandStatements,
} from '../worker/services/operator-statements.ts';
import { query, type Target } from './lib.ts';

const USAGE = `Usage: npm run admin -- <command> [email] [--reason "why"] [--remote]

  list                  sign-ups waiting for activation (email, username, created)
  operators             the operators (email, username, state, authenticator app, created)
  cards <email>         the account's cards (username, primary, taken down and why, created)
  activate <email>      let the account sign in
  deactivate <email>    stop the account signing in and sign it out everywhere (needs --reason)
  grant-admin <email>   make an active account an operator (the console at /admin; needs two-factor sign-in)
  revoke-admin <email>  make an operator an ordinary account again
  reset-2fa <email>     turn off a lost authenticator app and its recovery codes; the owner is
                        mailed by the next cron run, within a minute (needs --reason)

  backup [--out <dir>]  export every database (DB and each counting database) into one folder,
                        backups/<time>/ unless --out names another, with a manifest
  restore <dir>         put every database back as a backup holds it; a backup of the present is
                        taken first. With --remote it also needs --yes

Every command but list, operators, cards, backup and restore writes the audit log (the console's Audit
log panel), naming the command line as the actor and keeping the reason.

Without --remote the local database of npm start (.wrangler/state) is used;
with --remote the deployed D1 database named in the built config (npm run build with
deploy.config.json; needs wrangler login).`;

/** The commands whose reason is required, as the console requires one for them. */
const NEEDS_REASON: AccountCommand[] = ['deactivate', 'reset-2fa'];

// wrangler answers rows keyed by SQLite's column names, not by drizzle's field names.
type UserRow = {
  id: string;
  email: string;
  status: string;
  role: string;
  deactivated_at: number | null;
  username: string | null;
  created_at: number;
  app: number;
};

// wrangler d1 execute --command has no parameters: statements are drizzle's, rendered with their
// values inlined (worker/db/render.ts), the same statements the console runs.
const accounts = db
  .select({
    id: users.id,
    email: users.email,
    status: users.status,
    role: users.role,
    deactivated_at: users.deactivatedAt,
    username: cards.username,
    created_at: users.createdAt,
    app: sql<number>`EXISTS (SELECT 1 FROM ${totpFactors} WHERE ${totpFactors.userId} = ${users.id} AND ${totpFactors.confirmedAt} IS NOT NULL)`.as(
      'app',
    ),
  })
  .from(users)
  // The primary card names the account (docs/decisions/0091-cards-apart-from-accounts.md); the old
  // `profiles` table follows only the first card, which may be primary no longer.
  .leftJoin(cards, and(eq(cards.userId, users.id), eq(cards.isPrimary, true)));

type CardRow = {
  username: string;
  is_primary: number;
  taken_down_at: number | null;
  takedown_reason: string | null;
  created_at: number;
};

/**
 * `cards <email>`: the account's cards, primary first, then oldest first, as the console lists
 * them. One question finds the account and its cards: each question is a wrangler run of seconds.
 */
function showCards(target: Target, email: string, where: string) {
  const rows = query<{ email: string } & { [K in keyof CardRow]: CardRow[K] | null }>(
    target,
    inlineSql(
      db
        .select({
          email: users.email,
          username: cards.username,
          is_primary: cards.isPrimary,
          taken_down_at: cards.takenDownAt,
          takedown_reason: cards.takedownReason,
          created_at: cards.createdAt,
        })
        .from(users)
        .leftJoin(cards, eq(cards.userId, users.id))
        .where(eq(users.email, email))
        .orderBy(desc(cards.isPrimary), asc(cards.createdAt), asc(cards.id)),
    ),
  );
  if (rows.length === 0) {
    console.error(`No account with the e-mail ${email} in ${where}.`);
    return 1;
  }
  const held = rows.filter((row) => row.username != null);
  if (held.length === 0) {
    console.log(`${email} has no card.`);
    return 0;
  }
  console.table(
    held.map((row) => ({
      username: row.username,
      primary: row.is_primary ? 'yes' : 'no',
      'taken down':
        row.taken_down_at == null ? 'no' : `${new Date(row.taken_down_at).toISOString()}: ${row.takedown_reason ?? ''}`,
      created: new Date(row.created_at ?? 0).toISOString(),
    })),
  );
  return 0;
}

function findUser(target: Target, email: string): UserRow | undefined {
  return query<UserRow>(target, inlineSql(accounts.where(eq(users.email, email))))[0];
}

function list(target: Target) {
  const rows = query<UserRow>(
    target,
    inlineSql(
      accounts.where(sql`${users.status} = 'pending' AND ${users.deactivatedAt} IS NULL`).orderBy(users.createdAt),
    ),
  );
  if (rows.length === 0) {
    console.log('No sign-ups waiting for activation.');
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

function operators(target: Target) {
  const rows = query<UserRow>(target, inlineSql(accounts.where(eq(users.role, 'admin')).orderBy(users.createdAt)));
  if (rows.length === 0) {
    console.log('No operators. Make one with: npm run admin -- grant-admin <email>');
    return;
  }
  console.table(
    rows.map((row) => ({
      email: row.email,
      username: row.username ?? '',
      state: standing(row),
      // The console needs a second factor; a passkey counts too, so 'no' here is a hint, not a refusal.
      'authenticator app': row.app ? 'yes' : 'no',
      created: new Date(row.created_at).toISOString(),
    })),
  );
}

/** The account's state in the console's words (docs/decisions/0070-account-states.md). */
const standing = (user: UserRow) =>
  user.status === 'active'
    ? 'active'
    : user.status === 'deleted'
      ? 'being deleted'
      : user.deactivated_at == null
        ? 'sign-up waiting for activation'
        : 'deactivated';

/** Several statements as one --command (D1 runs them as one batch). */
const run = (target: Target, statements: readonly SQLWrapper[]) =>
  query(target, statements.map((statement) => `${inlineSql(statement)};`).join('\n'));

/** Who ran the command, as the audit log names it: the command line, with the user and host. */
function commandLine(): Actor {
  let who = 'unknown';
  try {
    who = `${userInfo().username}@${hostname()}`;
  } catch {
    // No user name on this system (a container without one): the label alone says enough.
  }
  return { id: COMMAND_LINE_ID, email: `command line (${who})` };
}

/**
 * Why a command cannot apply to this account, or null when it can. `done`: what was asked already
 * holds, so nothing is written and the command succeeds.
 */
function refusal(command: AccountCommand, user: UserRow): { message: string; done?: true } | null {
  if (command === 'activate' && user.status === 'active')
    return { message: `${user.email} is already active.`, done: true };
  if (command === 'deactivate' && user.status !== 'active')
    return { message: `${user.email} is not active (${standing(user)}).` };
  // An operator acts at once on every account, so the role goes only to someone let in and not shut out.
  if (command === 'grant-admin' && user.status !== 'active')
    return {
      message: `${user.email} is not active (${standing(user)}): activate it first (npm run admin -- activate ${user.email}).`,
    };
  if (command === 'grant-admin' && user.role === 'admin')
    return { message: `${user.email} is already an operator.`, done: true };
  if (command === 'revoke-admin' && user.role !== 'admin')
    return { message: `${user.email} is not an operator; nothing was changed. npm run admin -- operators lists them.` };
  if (command === 'reset-2fa' && !user.app) return { message: `${user.email} has no authenticator app to reset.` };
  return null;
}

const DONE: Record<AccountCommand, (user: UserRow) => string> = {
  activate: (user) => `Activated ${user.email} (${user.username ?? 'no username'}). They can sign in now.`,
  deactivate: (user) =>
    `Deactivated ${user.email}: signed out everywhere, its card answers 404, and signing in says it is deactivated.`,
  'grant-admin': (user) =>
    `${user.email} is an operator now. They open the console at /admin after signing in with a second factor.`,
  'revoke-admin': (user) => `${user.email} is no longer an operator.`,
  'reset-2fa': (user) =>
    `Two-factor sign-in is off for ${user.email}: their password alone signs them in. They are mailed within a minute (the cron).`,
};

/** `--reason "text"` or `--reason=text`, taken out of the arguments. */
function takeReason(argv: string[]): { args: string[]; reason: string | null } {
  const args: string[] = [];
  let reason: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--reason') reason = argv[++i] ?? '';
    else if (arg.startsWith('--reason=')) reason = arg.slice('--reason='.length);
    else args.push(arg);
  }
  return { args, reason: reason?.trim() ?? null };
}

async function main(argv: string[]): Promise<number> {
  const target: Target = argv.includes('--remote') ? '--remote' : '--local';
  const flags = ['--remote', '--local', '--yes'];
  const { args, reason } = takeReason(argv.filter((arg) => !flags.includes(arg)));
  const [command, rawEmail, ...rest] = args;
  if (command === 'help' || command === '--help') {
    console.log(USAGE);
    return 0;
  }
  // Loaded only for them: backup and restore load wrangler's own modules, which every other command does without.
  if (command === 'backup' || command === 'restore')
    return (await import('./backup.ts')).backupCommand(command, target, args.slice(1), argv.includes('--yes'));
  if (!command || rest.length > 0) {
    console.error(USAGE);
    return 1;
  }
  if (command === 'list' || command === 'operators') {
    (command === 'list' ? list : operators)(target);
    return 0;
  }
  if (command !== 'cards' && !(ACCOUNT_COMMANDS as readonly string[]).includes(command)) {
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
  if (command === 'cards') return showCards(target, email, where);
  const name = command as AccountCommand;
  if (NEEDS_REASON.includes(name) && (reason ?? '').length < 3) {
    console.error(`${command} needs a reason for the audit log: --reason "why" (at least 3 characters).`);
    return 1;
  }
  const user = findUser(target, email);
  if (!user) {
    console.error(`No account with the e-mail ${email} in ${where}.`);
    return 1;
  }
  if (user.status === 'deleted') {
    console.error(`${email} is being deleted (the cron finishes it within a minute).`);
    return 1;
  }
  const refused = refusal(name, user);
  if (refused) {
    if (refused.done) console.log(refused.message);
    else console.error(refused.message);
    return refused.done ? 0 : 1;
  }
  run(target, commandStatements(db, name, { id: user.id, username: user.username }, commandLine(), reason ?? ''));
  console.log(DONE[name](user));
  return 0;
}

/**
 * `npm run admin -- ...argv`: its exit status. Exported so the tests run the account commands in
 * their own process (test/scripts/admin.test.ts), each one wrangler run instead of two processes.
 */
export async function adminCommand(argv: string[]): Promise<number> {
  try {
    return await main(argv);
  } catch (error) {
    // lib.run already printed wrangler's own output; say what to try next.
    console.error(
      `\nThe database could not be read (${(error as Error).message}).\n` +
        'Locally, run `npm start` once so the migrations are applied; remotely, check `wrangler login` and wrangler.toml.',
    );
    return 1;
  }
}

// Run as a command, not when imported.
const entry = process.argv[1];
if (entry && existsSync(entry) && realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url)))
  process.exitCode = await adminCommand(process.argv.slice(2));
