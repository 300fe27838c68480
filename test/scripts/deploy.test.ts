import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtConfigProblems, type BuiltConfig } from '../../scripts/deploy-checks';
import { experimental_readRawConfig } from 'wrangler';
import {
  applyDeployConfig,
  countingDatabases,
  deployConfigProblems,
  type DeployConfig,
} from '../../build/deploy-config';
import type { D1Config } from '../../scripts/deploy-migrate';
import type { BindingsConfig } from '../../scripts/release-needs';
import { countBinding } from '../../worker/lib/count-shards';

// `npm run deploy` against stand-ins for `vite` and `wrangler` on PATH that record their calls:
// nothing in production may change before the build and every check have passed.

const repo = fileURLToPath(new URL('../../', import.meta.url));

/** What `vite build` would write from wrangler.toml and deploy.config.json: ids when it gave them. */
const builtConfig = (ids: {
  db?: string;
  kv?: string;
  counts: (string | undefined)[];
}): BuiltConfig & BindingsConfig & D1Config & { name: string } => ({
  name: 'cardlink',
  d1_databases: [
    {
      binding: 'DB',
      database_name: 'cardlink',
      migrations_dir: '../../migrations',
      ...(ids.db ? { database_id: ids.db } : {}),
    },
    ...ids.counts.map((id, shard) => ({
      binding: countBinding(shard),
      database_name: `cardlink-counts-${shard}`,
      migrations_dir: '../../migrations-counts',
      ...(id ? { database_id: id } : {}),
    })),
  ],
  assets: { binding: 'ASSETS' },
  kv_namespaces: [{ binding: 'EVENTS', ...(ids.kv ? { id: ids.kv } : {}) }],
  r2_buckets: [{ binding: 'MEDIA', bucket_name: 'cardlink-media' }],
  images: { binding: 'IMAGES' },
  queues: {
    producers: [
      { binding: 'DRAINS', queue: 'cardlink-drains' },
      { binding: 'WEBHOOKS', queue: 'cardlink-webhooks' },
    ],
    consumers: [{ queue: 'cardlink-drains' }, { queue: 'cardlink-webhooks' }],
  },
  triggers: { crons: ['* * * * *'] },
  routes: [{ pattern: 'card.example.org', custom_domain: true }],
  vars: { ENVIRONMENT: 'production', MAIL_FROM: 'Card <hi@card.example.org>' },
});
/** The default build with no deploy.config.json: every resource by its name, one counting database. */
const BY_NAME = { counts: [undefined] };
/** An operator's own resources, 16 counting databases as the releases before provisioning had. */
const REAL = {
  db: '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b',
  kv: '0123456789abcdef0123456789abcdef',
  counts: Array.from(
    { length: 16 },
    (_, shard) => `6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a${String(shard).padStart(2, '0')}`,
  ),
};
const PLACEHOLDER = {
  db: '00000000-0000-0000-0000-000000000000',
  kv: '00000000000000000000000000000000',
  counts: Array.from(
    { length: 16 },
    (_, shard) => `00000000-0000-0000-0000-00000000c0${String(shard).padStart(2, '0')}`,
  ),
};

// Each stand-in appends its name and arguments, one call a line, and answers what the real one
// would: an account with no Worker answers `secret list` that the Worker is not found; `d1 list`
// names the account's databases; a secret's value arrives on standard input and is kept aside.
// A database's pending migrations are the lines of pending/<binding>; `d1 migrations apply` prints
// what wrangler 4.164 prints (src/d1/migrations/apply.ts) and, as OUTCOME_<binding> says, applies
// them all (ok), is answered no (exit 0, nothing applied), or applies the first and fails on the
// next (exit 1), each a thing the real one does.
const TABLE = `sed 's/.*/│ & │/' "pending/$4"`;
const STAND_INS = {
  vite: `mkdir -p dist/cardlink && cp "$BUILT_FIXTURE" dist/cardlink/wrangler.json`,
  wrangler: `case "$*" in
  "secret list"*) [ -z "$SECRETS_FAIL" ] || { echo "✘ [ERROR] A request to the Cloudflare API failed. Authentication error [code: 10000]" >&2; exit 1; }
    if [ -n "$NO_WORKER" ]; then echo 'X [ERROR] Worker "cardlink" not found.' >&2; exit 1; fi; echo "$SECRETS" ;;
  "secret put"*) cat > "$SECRET_VALUES/$3" ;;
  "d1 list"*) echo "$D1_LIST" ;;
  "kv namespace list"*) echo "$KV_LIST" ;;
  "d1 create"*) echo "Successfully created DB '$3'" ;;
  "d1 execute"*"FROM cards"*) [ -z "$BEFORE_CARDS" ] || { echo "✘ [ERROR] no such table: cards: SQLITE_ERROR [code: 7500]" >&2; exit 1; }
    echo '[{"results":[{"n":'"\${SHARDS_USED:-0}"'}]}]' ;;
  "d1 execute"*"count_shard"*) echo '[{"results":[{"n":'"\${SHARDS_USED:-0}"'}]}]' ;;
  "d1 execute"*"--json"*) echo '[{"results":[{"n":0}]}]' ;;
  "deploy --dry-run"*) [ -z "$DRY_RUN_FAILS" ] || { echo "No loader is configured" >&2; exit 1; } ;;
  "d1 migrations list "*)
    if [ -s "pending/$4" ]; then echo "Migrations to be applied:"; ${TABLE}; else echo "✅ No migrations to apply!"; fi ;;
  "d1 migrations apply "*)
    echo "$4 CI=$CI" >> apply-env.log
    eval "outcome=\\\${OUTCOME_$4:-ok}"
    [ -s "pending/$4" ] || { echo "✅ No migrations to apply!"; exit 0; }
    echo "Migrations to be applied:"; ${TABLE}
    echo "? About to apply $(wc -l < "pending/$4") migration(s)"
    echo "Your database may not be available to serve requests during the migration, continue?"
    case "$outcome" in
      no) echo "› No" ;;
      fail)
        echo "🤖 Using fallback value in non-interactive context: yes"
        sed -i 1d "pending/$4"
        echo "✘ [ERROR] Migration $(head -n 1 "pending/$4") failed with the following errors:" >&2
        echo 'near "ALTERR": syntax error at offset 0: SQLITE_ERROR [code: 7500]' >&2
        exit 1 ;;
      *) echo "🤖 Using fallback value in non-interactive context: yes"; : > "pending/$4" ;;
    esac ;;
esac`,
};

type Account = {
  /** No Worker deployed yet (a first deploy). */
  noWorker?: boolean;
  /** The secrets the Worker has. */
  secrets?: string[];
  /** The account's D1 databases, by name. */
  databases?: string[];
  /** How many counting databases the deployed cards are counted in. */
  shardsUsed?: number;
  /** The accounts database is older than the cards table: its cards are its profiles. */
  beforeCards?: boolean;
  /** The account's KV namespaces, by title. */
  namespaces?: { id: string; title: string }[];
};

function deploy(options: {
  ids: { db?: string; kv?: string; counts: (string | undefined)[] };
  account?: Account;
  dryRunFails?: boolean;
  /** A deploy config: a file's path, or its contents. */
  deployConfig?: string | object;
  /** false: a build without the static assets. */
  assets?: boolean;
  /** The migrations each database has pending, by binding. */
  pending?: Record<string, string[]>;
  /** How `d1 migrations apply` ends for a binding (else it applies them all). */
  outcomes?: Record<string, 'no' | 'fail'>;
  secretsFail?: boolean;
}) {
  const work = mkdtempSync(join(tmpdir(), 'cardlink-deploy-'));
  const bin = join(work, 'bin');
  mkdirSync(bin);
  const calls = join(work, 'calls.log');
  for (const [name, body] of Object.entries(STAND_INS)) {
    writeFileSync(join(bin, name), `#!/bin/sh\necho "${name} $*" >> "${calls}"\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  }
  mkdirSync(join(work, 'pending'));
  for (const [binding, names] of Object.entries(options.pending ?? {}))
    writeFileSync(join(work, 'pending', binding), names.map((name) => `${name}\n`).join(''));
  let deployConfig = 'none';
  if (typeof options.deployConfig === 'string') deployConfig = options.deployConfig;
  else if (options.deployConfig) {
    deployConfig = join(work, 'deploy.config.json');
    writeFileSync(deployConfig, JSON.stringify(options.deployConfig));
  }
  const fixture = join(work, 'built.json');
  const built = builtConfig(options.ids);
  if (options.assets === false) delete built.assets;
  writeFileSync(fixture, JSON.stringify(built));
  const secretValues = join(work, 'secret-values');
  mkdirSync(secretValues);
  const account = options.account ?? {};
  const secrets = (account.secrets ?? ['JWT_SECRET', 'VISITOR_SALT', 'RESEND_API_KEY']).map((name) => ({ name }));
  const databases = (account.databases ?? ['cardlink', 'cardlink-counts-0']).map((name, i) => ({
    name,
    uuid: `6f1c2a9e-3b4d-4e5f-8a7b-0000000000${String(i).padStart(2, '0')}`,
  }));
  const result = spawnSync(
    process.execPath,
    ['--import', join(repo, 'scripts/resolve.ts'), join(repo, 'scripts/deploy.ts')],
    {
      cwd: work,
      encoding: 'utf8',
      env: {
        PATH: [bin, dirname(process.execPath), '/usr/bin', '/bin'].join(delimiter),
        BUILT_FIXTURE: fixture,
        SECRETS: JSON.stringify(secrets),
        SECRET_VALUES: secretValues,
        NO_WORKER: account.noWorker ? '1' : '',
        D1_LIST: JSON.stringify(databases),
        KV_LIST: JSON.stringify(account.namespaces ?? []),
        SHARDS_USED: String(account.shardsUsed ?? 0),
        BEFORE_CARDS: account.beforeCards ? '1' : '',
        DRY_RUN_FAILS: options.dryRunFails ? '1' : '',
        SECRETS_FAIL: options.secretsFail ? '1' : '',
        // No deploy.config.json unless the test gives one (the repository's own is never read).
        DEPLOY_CONFIG: deployConfig,
        ...Object.fromEntries(
          Object.entries(options.outcomes ?? {}).map(([binding, how]) => [`OUTCOME_${binding}`, how]),
        ),
      },
      timeout: 60_000,
    },
  );
  let recorded: string[] = [];
  try {
    recorded = readFileSync(calls, 'utf8').trim().split('\n');
  } catch {
    // no stand-in was called
  }
  const generated = Object.fromEntries(
    readdirSync(secretValues).map((name) => [name, readFileSync(join(secretValues, name), 'utf8')]),
  );
  // The built config as the deploy left it for `wrangler deploy`.
  let deployed: BuiltConfig | null = null;
  try {
    deployed = JSON.parse(readFileSync(join(work, 'dist/cardlink/wrangler.json'), 'utf8')) as BuiltConfig;
  } catch {
    // never built
  }
  const pendingNow = (binding: string) =>
    (options.pending?.[binding] ? readFileSync(join(work, 'pending', binding), 'utf8') : '')
      .split('\n')
      .filter(Boolean);
  const applyEnv = () => readFileSync(join(work, 'apply-env.log'), 'utf8').trim().split('\n');
  return {
    status: result.status,
    output: `${result.stdout}${result.stderr}`,
    calls: recorded,
    generated,
    deployed,
    pendingNow,
    applyEnv,
  };
}

const config = '--config dist/cardlink/wrangler.json';
// A read of the deployed database (`--json --command SELECT ...`) or of its pending migrations
// (`migrations list`) changes nothing; every other remote call may.
const changesProduction = (call: string) =>
  (call.includes('--remote') &&
    !/--json --command SELECT/.test(call) &&
    !call.startsWith('wrangler d1 migrations list')) ||
  call.startsWith('wrangler d1 create') ||
  call.startsWith('wrangler secret put') ||
  (call.startsWith('wrangler deploy') && !call.includes('--dry-run'));

const list = (binding: string) => `wrangler d1 migrations list ${binding} --remote ${config}`;
const apply = (binding: string) => `wrangler d1 migrations apply ${binding} --remote ${config}`;
const seeds = (call: string) => call.startsWith('wrangler d1 execute DB --remote') && call.includes('--file');
const deploysWorker = (call: string) => call === `wrangler deploy ${config}`;
const timestamps = (output: string) => new Set(output.match(/--timestamp=\S+/g));
/** The bindings of an operator's own 16 counting databases, the accounts database first. */
const BINDINGS = ['DB', ...REAL.counts.map((_, shard) => countBinding(shard))];
/** A release with a migration for the accounts database and two for every counting database. */
const PENDING: Record<string, string[]> = {
  DB: ['0017_release_level.sql'],
  ...Object.fromEntries(BINDINGS.slice(1).map((binding) => [binding, ['0002_counted_at.sql', '0003_by_hour.sql']])),
};
const EXAMPLE = JSON.parse(readFileSync(join(repo, 'deploy.config.example.json'), 'utf8')) as {
  vars: Record<string, string>;
};
/** The example filled in as an operator who has their own resources would. */
const FILLED = {
  ...EXAMPLE,
  d1_database_id: REAL.db,
  counts_database_ids: REAL.counts,
  counting_databases: REAL.counts.length,
  kv_namespace_id: REAL.kv,
  routes: [{ pattern: 'cards.acme.test', custom_domain: true }],
  vars: { ...EXAMPLE.vars, MAIL_FROM: 'Acme Cards <cards@acme.test>', SUPPORT_EMAIL: 'help@acme.test' },
};

describe('npm run deploy', { timeout: 90_000 }, () => {
  it('on an empty account: creates the databases by name, migrates them, generates the secrets, then deploys, which creates the rest', () => {
    const run = deploy({
      ids: BY_NAME,
      account: { noWorker: true, secrets: [], databases: [] },
      pending: { DB: ['0000_init.sql', '0001_next.sql'], COUNTS_0: ['0000_counts.sql'] },
    });
    expect(run.status, run.output).toBe(0);
    expect(run.calls.slice(0, 7)).toEqual([
      'vite build',
      `wrangler deploy --dry-run ${config}`,
      `wrangler secret list --format json ${config}`,
      `wrangler d1 list --json ${config}`,
      `wrangler kv namespace list ${config}`,
      `wrangler d1 create cardlink --update-config=false ${config}`,
      `wrangler d1 create cardlink-counts-0 --update-config=false ${config}`,
    ]);
    // The schema before anything can serve: migrations, the seed, the secrets, and only then the Worker.
    expect(run.calls.slice(7, 13)).toEqual([
      list('DB'),
      apply('DB'),
      list('DB'),
      list('COUNTS_0'),
      apply('COUNTS_0'),
      list('COUNTS_0'),
    ]);
    expect(run.pendingNow('DB')).toEqual([]);
    expect(run.calls[13]).toMatch(
      new RegExp(`^wrangler d1 execute DB --remote ${config} --file \\S+seed\\.sql --yes$`),
    );
    expect(run.calls.slice(14, 17)).toEqual([
      `wrangler secret put JWT_SECRET ${config}`,
      `wrangler secret put VISITOR_SALT ${config}`,
      `wrangler deploy ${config}`,
    ]);
    expect(run.calls.findIndex(changesProduction)).toBe(5);
    // wrangler's provisioning creates the namespace: the deploy leaves it without an id.
    expect(run.deployed?.kv_namespaces).toEqual([{ binding: 'EVENTS' }]);
    // Random, at least 32 bytes each, different, and never printed.
    const { JWT_SECRET: jwt, VISITOR_SALT: salt } = run.generated;
    for (const value of [jwt, salt]) {
      expect(Buffer.from(value!, 'base64').length).toBeGreaterThanOrEqual(32);
      expect(run.output).not.toContain(value);
    }
    expect(jwt).not.toBe(salt);
    expect(run.output).toContain('Generated JWT_SECRET');
    // The mail key cannot be generated: said, and the deploy goes on.
    expect(run.output).toContain('Note: RESEND_API_KEY is not set');
  });

  it('on the next deploy reuses everything: nothing created, no secret replaced, and the cards checked against the size', () => {
    const run = deploy({ ids: BY_NAME });
    expect(run.status, run.output).toBe(0);
    expect(
      run.calls.some((call) => call.startsWith('wrangler d1 create') || call.startsWith('wrangler secret put')),
    ).toBe(false);
    expect(run.calls).toContain(`wrangler deploy ${config}`);
    expect(run.generated).toEqual({});
  });

  it('binds the namespace a first deploy that stopped halfway created, rather than creating a second', () => {
    const namespace = { id: '89abcdef0123456789abcdef01234567', title: 'cardlink-events' };
    const run = deploy({
      ids: BY_NAME,
      account: { secrets: [], namespaces: [{ id: 'ffff0123456789abcdef0123456789ab', title: 'other' }, namespace] },
    });
    expect(run.status, run.output).toBe(0);
    expect(run.deployed?.kv_namespaces).toEqual([{ binding: 'EVENTS', id: namespace.id }]);
    expect(run.calls.indexOf(`wrangler kv namespace list ${config}`)).toBeLessThan(
      run.calls.findIndex(changesProduction),
    );
  });

  it('builds and validates before it changes production, then migrates every database and checks it, seeds, deploys the built config and says how to roll back', () => {
    const run = deploy({
      ids: REAL,
      deployConfig: FILLED,
      pending: { DB: PENDING.DB ?? [], COUNTS_0: PENDING.COUNTS_0 ?? [] },
    });
    expect(run.status, run.output).toBe(0);
    expect(run.calls[0]).toBe('vite build');
    expect(run.calls[1]).toBe(`wrangler deploy --dry-run ${config}`);
    expect(run.calls[2]).toBe(`wrangler secret list --format json ${config}`);
    // Every database has its id: the account is not asked which exist; the cards' size is read.
    expect(run.calls[3]).toMatch(/^wrangler d1 execute DB --remote --json --command SELECT .*count_shard/);
    // Every D1 binding in the built config's order, each asked what is pending; one with something
    // pending is migrated and asked again.
    const migrations = BINDINGS.flatMap((binding) =>
      binding === 'DB' || binding === 'COUNTS_0' ? [list(binding), apply(binding), list(binding)] : [list(binding)],
    );
    expect(run.calls.slice(4, 4 + migrations.length)).toEqual(migrations);
    expect(run.pendingNow('DB')).toEqual([]);
    expect(run.pendingNow('COUNTS_0')).toEqual([]);
    // Non-interactive: wrangler answers its own confirmation with its fallback instead of waiting for a key.
    expect(run.applyEnv()).toEqual(['DB CI=true', 'COUNTS_0 CI=true']);
    const after = 4 + migrations.length;
    expect(run.calls[after]).toMatch(
      new RegExp(`^wrangler d1 execute DB --remote ${config} --file \\S+seed\\.sql --yes$`),
    );
    expect(run.calls[after + 1]).toBe(`wrangler deploy ${config}`);
    // The media migration's wait asks the deployed database how many images are left (none here).
    expect(
      run.calls.slice(after + 2).every((call) => call.startsWith(`wrangler d1 execute DB --remote ${config} --json`)),
    ).toBe(true);
    expect(run.calls.findIndex(changesProduction)).toBe(5);
    expect(run.output).toContain(`npx wrangler rollback ${config}`);
    // The way back names every database, all at the one instant before the migrations.
    for (const binding of BINDINGS)
      expect(run.output).toMatch(
        new RegExp(
          `npx wrangler d1 time-travel restore ${binding} --timestamp=\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z ${config}`,
        ),
      );
    expect(timestamps(run.output).size).toBe(1);
  });

  it('stops when a migration is answered no: nothing seeded, nothing deployed, nothing else migrated', () => {
    const run = deploy({ ids: REAL, pending: PENDING, outcomes: { DB: 'no' } });
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      '`wrangler d1 migrations apply DB` exited 0 without applying them (a confirmation answered no, or a failure it did not report; above): still pending on DB: 0017_release_level.sql.',
    );
    expect(run.output).toContain('No database was migrated.');
    expect(run.output).toContain(
      `Nothing else was changed: ${BINDINGS.slice(1).join(', ')} were not migrated, the catalogue was not seeded and the Worker was not deployed`,
    );
    expect(run.output).toContain('nothing to undo. Fix the cause above and run `npm run deploy` again.');
    expect(run.calls.filter((call) => call.startsWith('wrangler d1 migrations apply'))).toEqual([
      `wrangler d1 migrations apply DB --remote ${config}`,
    ]);
    expect(run.calls.some(seeds)).toBe(false);
    expect(run.calls.some(deploysWorker)).toBe(false);
    for (const binding of BINDINGS) expect(run.pendingNow(binding)).toEqual(PENDING[binding]);
  });

  it('stops when a migration fails partway, saying what was migrated and how to put it back with one timestamp', () => {
    const run = deploy({ ids: REAL, pending: PENDING, outcomes: { COUNTS_1: 'fail' } });
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      '`wrangler d1 migrations apply COUNTS_1` failed (exit 1, above): still pending on COUNTS_1: 0003_by_hour.sql.',
    );
    expect(run.output).toContain(
      [
        '  DB: applied 0017_release_level.sql',
        '  COUNTS_0: applied 0002_counted_at.sql, 0003_by_hour.sql',
        '  COUNTS_1: applied 0002_counted_at.sql',
      ].join('\n'),
    );
    expect(run.output).toContain(
      `Nothing else was changed: ${BINDINGS.slice(3).join(', ')} were not migrated, the catalogue was not seeded and the Worker was not deployed`,
    );
    // The way back: the three databases this deploy changed, to the instant before it, and no other.
    for (const binding of ['DB', 'COUNTS_0', 'COUNTS_1'])
      expect(run.output).toContain(`npx wrangler d1 time-travel restore ${binding} --timestamp=`);
    expect(run.output).not.toContain('time-travel restore COUNTS_2 ');
    expect(timestamps(run.output).size).toBe(1);
    expect(run.calls.some(seeds)).toBe(false);
    expect(run.calls.some(deploysWorker)).toBe(false);
    expect(run.pendingNow('COUNTS_1')).toEqual(['0003_by_hour.sql']);
    expect(run.pendingNow('COUNTS_2')).toEqual(PENDING.COUNTS_2);
  });

  it('refuses what a release needs and the deployment lacks before any remote call', () => {
    const run = deploy({ ids: REAL, assets: false, pending: PENDING });
    expect(run.status).toBe(1);
    expect(run.output).toContain('this release needs what the deployment lacks');
    expect(run.output).toContain('binding ASSETS, the built app (static assets) (since release 1.0.0)');
    expect(run.output).toContain('Nothing in production was changed.');
    expect(run.calls.some(changesProduction)).toBe(false);
  });

  it('stops on deploy.config.example.json copied as is, before anything runs, naming each field still the example', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cardlink-deploy-config-'));
    const file = join(dir, 'deploy.config.json');
    copyFileSync(join(repo, 'deploy.config.example.json'), file);
    const run = deploy({ ids: BY_NAME, deployConfig: file });
    expect(run.status).toBe(1);
    expect(run.calls).toEqual([]);
    expect(run.output).toContain(
      "still holds deploy.config.example.json's sample values in routes[0].pattern, vars.MAIL_FROM, vars.SUPPORT_EMAIL:",
    );
    expect(run.output).toContain('Nothing in production was changed.');
    expect(run.output).not.toMatch(/\n\s+at /);
    // One sample left in a filled config is enough.
    const half = deploy({
      ids: REAL,
      deployConfig: { ...FILLED, vars: { ...FILLED.vars, MAIL_FROM: EXAMPLE.vars.MAIL_FROM } },
    });
    expect(half.status).toBe(1);
    expect(half.output).toContain('sample values in vars.MAIL_FROM: put your own there');
    expect(half.calls).toEqual([]);
  });

  it('refuses, without a stack trace, when wrangler cannot list the secrets', () => {
    const run = deploy({ ids: REAL, secretsFail: true });
    expect(run.status).toBe(1);
    expect(run.output).toContain('`wrangler secret list` failed');
    expect(run.output).toContain('Authentication error');
    expect(run.output).not.toMatch(/^\s+at /m);
    expect(run.calls.some(changesProduction)).toBe(false);
  });

  it('refuses a build that binds fewer counting databases than the cards are counted in, before any change', () => {
    const run = deploy({ ids: BY_NAME, account: { shardsUsed: 16 } });
    expect(run.status).toBe(1);
    expect(run.output).toContain('cards are counted in 16 counting databases, and this build binds 1');
    expect(run.output).toContain('"counting_databases": 16');
    expect(run.calls.some(changesProduction)).toBe(false);
  });

  it('reads the cards of a database older than the cards table from its profiles', () => {
    const run = deploy({ ids: BY_NAME, account: { shardsUsed: 16, beforeCards: true } });
    expect(run.status).toBe(1);
    expect(run.output).toContain('cards are counted in 16 counting databases, and this build binds 1');
    expect(run.calls.filter((call) => call.includes('count_shard'))).toEqual([
      expect.stringContaining('FROM cards'),
      expect.stringContaining('FROM profiles'),
    ]);
    expect(run.calls.some(changesProduction)).toBe(false);
  });

  it('refuses placeholder ids after the build, before any remote call', () => {
    const run = deploy({ ids: PLACEHOLDER });
    expect(run.status).toBe(1);
    expect(run.output).toContain('DB has the placeholder database id');
    expect(run.output).toContain('COUNTS_0 has the placeholder database id');
    expect(run.output).toContain('EVENTS has the placeholder namespace id');
    expect(run.output).toContain('deploy.config.json');
    expect(run.output).toContain('Nothing in production was changed.');
    expect(run.calls).toEqual(['vite build']);
  });

  it("stops when wrangler's dry run fails, before any remote call", () => {
    const run = deploy({ ids: REAL, dryRunFails: true });
    expect(run.status).toBe(1);
    expect(run.output).toContain('`wrangler deploy --dry-run` failed');
    expect(run.calls.some(changesProduction)).toBe(false);
  });

  it('generates only the secret that is missing on a Worker that has the other', () => {
    const run = deploy({ ids: REAL, account: { secrets: ['JWT_SECRET'] } });
    expect(run.status, run.output).toBe(0);
    expect(Object.keys(run.generated)).toEqual(['VISITOR_SALT']);
    expect(run.calls.filter((call) => call.startsWith('wrangler secret put'))).toEqual([
      `wrangler secret put VISITOR_SALT ${config}`,
    ]);
    expect(run.calls.indexOf(`wrangler secret put VISITOR_SALT ${config}`)).toBeLessThan(
      run.calls.indexOf(`wrangler deploy ${config}`),
    );
  });
});

describe('deploy.config.json', () => {
  it('takes nothing at all, a size, or the ids of an operator who has their resources (16 counting databases)', () => {
    expect(deployConfigProblems({})).toEqual([]);
    expect(deployConfigProblems({ counting_databases: 4, routes: [{ pattern: 'card.acme.test' }] })).toEqual([]);
    expect(
      deployConfigProblems({
        d1_database_id: REAL.db,
        counts_database_ids: REAL.counts,
        kv_namespace_id: REAL.kv,
        vars: { MAIL_FROM: 'Cards <no-reply@acme.test>' },
      }),
    ).toEqual([]);
  });

  it('names each field that is unknown, not an id, still the example, or would leave counted cards out', () => {
    expect(
      deployConfigProblems({
        counting_database: 2,
        d1_database_id: 'the id printed by: npx wrangler d1 create cardlink',
        kv_namespace_id: 'abc',
        counts_database_ids: [REAL.counts[0], REAL.counts[0]],
        counting_databases: 1,
        vars: { SUPPORT_EMAIL: 'support@card.example.org' },
      }),
    ).toEqual([
      '"counting_database" is not a setting this file takes',
      '"d1_database_id" is still the example\'s value (the id printed by: npx wrangler d1 create cardlink): put your own, or leave the field out',
      '"kv_namespace_id" must be a KV namespace id (32 hexadecimal characters) (or leave the field out: the deploy creates or finds it by name)',
      '"counts_database_ids" names one database twice: each needs its own',
      '"counting_databases" is 1 but "counts_database_ids" lists 2: cards are counted in every one of them, so none can be left out',
      '"vars.SUPPORT_EMAIL" is still the example\'s value (support@card.example.org): put your own, or leave the field out',
    ]);
  });
});

describe('the built config check', () => {
  it('names every missing binding, and warns about what production lacks without stopping', () => {
    expect(builtConfigProblems(builtConfig(REAL))).toEqual({ errors: [], warnings: [] });
    expect(builtConfigProblems(builtConfig(BY_NAME))).toEqual({ errors: [], warnings: [] });
    const bare = builtConfigProblems({
      vars: { ENVIRONMENT: 'development', MAIL_FROM: 'Cardlink <no-reply@example.com>' },
    });
    expect(bare.errors).toEqual([
      'the D1 binding DB is missing',
      'the D1 binding COUNTS_0 is missing (a counting database, docs/decisions/0071)',
      'the KV binding EVENTS is missing',
      'the R2 binding MEDIA is missing',
      'the Images binding IMAGES is missing',
      'the queue binding DRAINS is missing',
      'the queue binding WEBHOOKS is missing',
      'the cron trigger is missing: the buffer would never drain',
      'ENVIRONMENT must be "production"',
    ]);
    expect(bare.warnings).toHaveLength(2);
    expect(bare.warnings[0]).toContain('custom domain');
    expect(bare.warnings[1]).toContain('verified sending domain');
  });

  it('refuses a counting database after a gap, and two bindings of one database', () => {
    const gap = builtConfig({ counts: [undefined, undefined] });
    gap.d1_databases = gap.d1_databases!.filter((db) => db.binding !== 'COUNTS_0');
    expect(builtConfigProblems(gap).errors).toEqual([
      'the D1 binding COUNTS_0 is missing (a counting database, docs/decisions/0071)',
      'COUNTS_1 follows a gap: counting databases are COUNTS_0 up without one missing (COUNTS_0 is)',
    ]);
    const twice = builtConfig({ db: REAL.db, counts: [REAL.db] });
    expect(builtConfigProblems(twice).errors).toEqual(['two D1 bindings name the same database: each needs its own']);
  });
});

describe('the tracked wrangler.toml', () => {
  it('holds no account id and no placeholder: every binding by its name, one counting database', () => {
    const toml = readFileSync(join(repo, 'wrangler.toml'), 'utf8');
    expect(toml).not.toMatch(/^\s*(account_id|database_id|id|preview_id|preview_database_id)\s*=/m);
    expect(toml).not.toMatch(/0{8}/);
    const blocks = toml.split('[[d1_databases]]').slice(1);
    const field = (block: string, name: string) => new RegExp(`^${name} = "([^"]+)"`, 'm').exec(block)?.[1];
    expect(
      blocks.map((block) => [field(block, 'binding'), field(block, 'database_name'), field(block, 'migrations_dir')]),
    ).toEqual([
      ['DB', 'cardlink', 'migrations'],
      ['COUNTS_0', 'cardlink-counts-0', 'migrations-counts'],
    ]);
  });
});

describe('the build', () => {
  /** What the build does to wrangler.toml's config (build/deploy-config.ts), with or without a deploy config. */
  const built = (deploy: DeployConfig | null) => {
    const { rawConfig } = experimental_readRawConfig({ config: join(repo, 'wrangler.toml') });
    const config = structuredClone(rawConfig) as Parameters<typeof applyDeployConfig>[0];
    applyDeployConfig(config, deploy, countingDatabases(deploy, {}));
    return config;
  };

  it('sends every request to the Worker first, so no name is answered by the dashboard without its host gate', () => {
    // A card's own domain reaches this Worker through a */* route; a path Workers Assets answered
    // before the Worker would give the dashboard's index.html there (docs/decisions/0103).
    const { rawConfig } = experimental_readRawConfig({ config: join(repo, 'wrangler.toml') });
    expect(rawConfig.assets?.run_worker_first).toBe(true);
  });

  it("binds 2 D1 databases of the Free plan's 10 by default, every one by name", () => {
    const config = built(null);
    expect(config.d1_databases?.map((db) => [db.binding, db.database_name, db.database_id])).toEqual([
      ['DB', 'cardlink', undefined],
      ['COUNTS_0', 'cardlink-counts-0', undefined],
    ]);
    expect(config.d1_databases!.length).toBeLessThanOrEqual(10);
    expect(config.kv_namespaces).toEqual([{ binding: 'EVENTS' }]);
  });

  it("binds an earlier release's 16 counting ids unchanged, and a larger size by name after its ids", () => {
    const earlier = built({ d1_database_id: REAL.db, counts_database_ids: REAL.counts, kv_namespace_id: REAL.kv });
    expect(earlier.d1_databases?.map((db) => [db.binding, db.database_id])).toEqual([
      ['DB', REAL.db],
      ...REAL.counts.map((id, shard) => [countBinding(shard), id]),
    ]);
    expect(earlier.kv_namespaces).toEqual([{ binding: 'EVENTS', id: REAL.kv }]);
    expect(builtConfigProblems({ ...builtConfig(REAL), d1_databases: earlier.d1_databases }).errors).toEqual([]);
    const raised = built({ counting_databases: 3, counts_database_ids: [REAL.counts[0]!] });
    expect(raised.d1_databases?.map((db) => [db.binding, db.database_name, db.database_id])).toEqual([
      ['DB', 'cardlink', undefined],
      ['COUNTS_0', 'cardlink-counts-0', REAL.counts[0]],
      ['COUNTS_1', 'cardlink-counts-1', undefined],
      ['COUNTS_2', 'cardlink-counts-2', undefined],
    ]);
    expect(
      raised.d1_databases!.every(
        (db) => db.migrations_dir === (db.binding === 'DB' ? 'migrations' : 'migrations-counts'),
      ),
    ).toBe(true);
  });
});
