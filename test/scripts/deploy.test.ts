import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtConfigProblems, type BuiltConfig } from '../../scripts/deploy-checks';
import type { D1Config } from '../../scripts/deploy-migrate';
import type { BindingsConfig } from '../../scripts/release-needs';
import { countBinding, countShards } from '../../worker/lib/count-shards';

// `npm run deploy` against stand-ins for `vite` and `wrangler` on PATH that record their calls:
// nothing in production may change before the build and every check have passed.

const repo = fileURLToPath(new URL('../../', import.meta.url));

/** What `vite build` would write from wrangler.toml and deploy.config.json. */
const builtConfig = (ids: { db: string; kv: string; counts: string[] }): BuiltConfig & BindingsConfig & D1Config => ({
  d1_databases: [
    { binding: 'DB', database_id: ids.db, migrations_dir: '../../migrations' },
    ...ids.counts.map((id, shard) => ({
      binding: countBinding(shard),
      database_id: id,
      migrations_dir: '../../migrations-counts',
    })),
  ],
  assets: { binding: 'ASSETS' },
  kv_namespaces: [{ binding: 'EVENTS', id: ids.kv }],
  r2_buckets: [{ binding: 'MEDIA', bucket_name: 'cardlink-media' }],
  images: { binding: 'IMAGES' },
  queues: { producers: [{ binding: 'DRAINS', queue: 'cardlink-drains' }], consumers: [{ queue: 'cardlink-drains' }] },
  triggers: { crons: ['* * * * *'] },
  routes: [{ pattern: 'card.example.org', custom_domain: true }],
  vars: { ENVIRONMENT: 'production', MAIL_FROM: 'Card <hi@card.example.org>' },
});
const REAL = {
  db: '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b',
  kv: '0123456789abcdef0123456789abcdef',
  counts: countShards().map((shard) => `6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a${shard}0`),
};
const PLACEHOLDER = {
  db: '00000000-0000-0000-0000-000000000000',
  kv: '00000000000000000000000000000000',
  counts: countShards().map((shard) => `00000000-0000-0000-0000-00000000c00${shard}`),
};

// Each stand-in appends its name and arguments, one call a line, and answers what the real one would.
// A database's pending migrations are the lines of pending/<binding>; `d1 migrations apply` prints
// what wrangler 4.164 prints (src/d1/migrations/apply.ts) and, as OUTCOME_<binding> says, applies
// them all (ok), is answered no (exit 0, nothing applied), or applies the first and fails on the
// next (exit 1), each a thing the real one does.
const TABLE = `sed 's/.*/│ & │/' "pending/$4"`;
const STAND_INS = {
  vite: `mkdir -p dist/cardlink && cp "$BUILT_FIXTURE" dist/cardlink/wrangler.json`,
  wrangler: `case "$*" in
  "secret list"*) [ -z "$SECRETS_FAIL" ] || { echo "✘ [ERROR] A request to the Cloudflare API failed. Authentication error [code: 10000]" >&2; exit 1; }; echo "$SECRETS" ;;
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

function deploy(options: {
  ids: typeof REAL;
  secrets?: string[];
  dryRunFails?: boolean;
  assets?: boolean;
  pending?: Record<string, string[]>;
  outcomes?: Record<string, 'no' | 'fail'>;
  deployConfig?: unknown;
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
  if (options.deployConfig) writeFileSync(join(work, 'deploy.config.json'), JSON.stringify(options.deployConfig));
  const fixture = join(work, 'built.json');
  const config = builtConfig(options.ids);
  if (options.assets === false) delete config.assets;
  writeFileSync(fixture, JSON.stringify(config));
  const secrets = (options.secrets ?? ['JWT_SECRET', 'VISITOR_SALT', 'RESEND_API_KEY']).map((name) => ({ name }));
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
        DRY_RUN_FAILS: options.dryRunFails ? '1' : '',
        SECRETS_FAIL: options.secretsFail ? '1' : '',
        // The deploy config the checks read: the test's own, or none (never the checkout's).
        DEPLOY_CONFIG: options.deployConfig ? join(work, 'deploy.config.json') : 'none',
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
  const pendingNow = (binding: string) =>
    (options.pending?.[binding] ? readFileSync(join(work, 'pending', binding), 'utf8') : '')
      .split('\n')
      .filter(Boolean);
  const applyEnv = () => readFileSync(join(work, 'apply-env.log'), 'utf8').trim().split('\n');
  return { status: result.status, output: `${result.stdout}${result.stderr}`, calls: recorded, pendingNow, applyEnv };
}

// A remote call that writes: the migrations (`migrations list` only reads), the seed, the deploy.
const changesProduction = (call: string) =>
  (call.includes('--remote') && !call.startsWith('wrangler d1 migrations list')) ||
  (call.startsWith('wrangler deploy') && !call.includes('--dry-run'));
const CONFIG = '--config dist/cardlink/wrangler.json';
const BINDINGS = ['DB', ...countShards().map(countBinding)];
const seeds = (call: string) => call.startsWith('wrangler d1 execute DB --remote') && call.includes('--file');
const deploysWorker = (call: string) => call === `wrangler deploy ${CONFIG}`;
/** A release with a migration for the accounts database and two for every counting database. */
const PENDING: Record<string, string[]> = {
  DB: ['0017_release_level.sql'],
  ...Object.fromEntries(BINDINGS.slice(1).map((binding) => [binding, ['0002_counted_at.sql', '0003_by_hour.sql']])),
};
const timestamps = (output: string) => new Set(output.match(/--timestamp=\S+/g));
const EXAMPLE = JSON.parse(readFileSync(join(repo, 'deploy.config.example.json'), 'utf8')) as {
  counts_database_ids: string[];
  vars: Record<string, string>;
};
/** The example filled in as an operator would. */
const FILLED = {
  ...EXAMPLE,
  d1_database_id: REAL.db,
  counts_database_ids: REAL.counts,
  kv_namespace_id: REAL.kv,
  routes: [{ pattern: 'cards.acme.test', custom_domain: true }],
  vars: { ...EXAMPLE.vars, MAIL_FROM: 'Acme Cards <cards@acme.test>', SUPPORT_EMAIL: 'help@acme.test' },
};

describe('npm run deploy', { timeout: 90_000 }, () => {
  it('builds and validates before it changes production, then migrates every database and checks it, seeds, deploys the built config and says how to roll back', () => {
    const run = deploy({
      ids: REAL,
      deployConfig: FILLED,
      pending: { DB: PENDING.DB ?? [], COUNTS_0: PENDING.COUNTS_0 ?? [] },
    });
    expect(run.status, run.output).toBe(0);
    expect(run.calls[0]).toBe('vite build');
    expect(run.calls[1]).toBe(`wrangler deploy --dry-run ${CONFIG}`);
    expect(run.calls[2]).toBe(`wrangler secret list --format json ${CONFIG}`);
    // Every D1 binding in the built config's order, each asked what is pending; one with something
    // pending is migrated and asked again.
    const list = (binding: string) => `wrangler d1 migrations list ${binding} --remote ${CONFIG}`;
    const apply = (binding: string) => `wrangler d1 migrations apply ${binding} --remote ${CONFIG}`;
    const migrations = BINDINGS.flatMap((binding) =>
      binding === 'DB' || binding === 'COUNTS_0' ? [list(binding), apply(binding), list(binding)] : [list(binding)],
    );
    expect(run.calls.slice(3, 3 + migrations.length)).toEqual(migrations);
    expect(run.pendingNow('DB')).toEqual([]);
    expect(run.pendingNow('COUNTS_0')).toEqual([]);
    // Non-interactive: wrangler answers its own confirmation with its fallback instead of waiting for a key.
    expect(run.applyEnv()).toEqual(['DB CI=true', 'COUNTS_0 CI=true']);
    const after = 3 + migrations.length;
    expect(run.calls[after]).toMatch(
      new RegExp(`^wrangler d1 execute DB --remote ${CONFIG} --file \\S+seed\\.sql --yes$`),
    );
    expect(run.calls[after + 1]).toBe(`wrangler deploy ${CONFIG}`);
    // The media migration's wait asks the deployed database how many images are left (none here).
    expect(
      run.calls.slice(after + 2).every((call) => call.startsWith(`wrangler d1 execute DB --remote ${CONFIG} --json`)),
    ).toBe(true);
    expect(run.calls.findIndex(changesProduction)).toBe(4);
    expect(run.output).toContain(`npx wrangler rollback ${CONFIG}`);
    // The way back names every database, all at the one instant before the migrations.
    for (const binding of BINDINGS)
      expect(run.output).toMatch(
        new RegExp(
          `npx wrangler d1 time-travel restore ${binding} --timestamp=\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z ${CONFIG}`,
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
      `wrangler d1 migrations apply DB --remote ${CONFIG}`,
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

  it('refuses deploy.config.example.json copied as is, naming its sample fields, before anything runs', () => {
    const run = deploy({ ids: REAL, deployConfig: EXAMPLE });
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      `still holds deploy.config.example.json's sample values in d1_database_id, ${EXAMPLE.counts_database_ids
        .map((_, i) => `counts_database_ids[${i}]`)
        .join(', ')}, kv_namespace_id, routes[0].pattern, vars.MAIL_FROM, vars.SUPPORT_EMAIL:`,
    );
    expect(run.output).toContain('Nothing in production was changed.');
    expect(run.calls).toEqual([]);
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
    expect(run.output).toContain('`wrangler secret list` failed (above): check `npx wrangler login`');
    expect(run.output).toContain('Authentication error');
    expect(run.output).not.toMatch(/^\s+at /m);
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

  it('refuses a missing secret before any migration', () => {
    const run = deploy({ ids: REAL, secrets: ['JWT_SECRET'] });
    expect(run.status).toBe(1);
    expect(run.output).toContain('missing secret(s) VISITOR_SALT');
    expect(run.calls.some(changesProduction)).toBe(false);
  });
});

describe('the built config check', () => {
  it('names every missing binding, and warns about what production lacks without stopping', () => {
    expect(builtConfigProblems(builtConfig(REAL))).toEqual({ errors: [], warnings: [] });
    const bare = builtConfigProblems({
      vars: { ENVIRONMENT: 'development', MAIL_FROM: 'Cardlink <no-reply@example.com>' },
    });
    expect(bare.errors).toEqual([
      'the D1 binding DB is missing',
      ...countShards().map(
        (shard) => `the D1 binding ${countBinding(shard)} is missing (a counting database, docs/decisions/0071)`,
      ),
      'the KV binding EVENTS is missing',
      'the R2 binding MEDIA is missing',
      'the Images binding IMAGES is missing',
      'the queue binding DRAINS is missing',
      'the cron trigger is missing: the buffer would never drain',
      'ENVIRONMENT must be "production"',
    ]);
    expect(bare.warnings).toHaveLength(2);
    expect(bare.warnings[0]).toContain('custom domain');
    expect(bare.warnings[1]).toContain('verified sending domain');
  });
});

describe('the counting databases in wrangler.toml', () => {
  it('are exactly COUNT_SHARDS bindings, COUNTS_0 on, each its own database with the counting migrations', () => {
    const toml = readFileSync(join(repo, 'wrangler.toml'), 'utf8');
    const blocks = toml.split('[[d1_databases]]').slice(1);
    const field = (block: string, name: string) => new RegExp(`^${name} = "([^"]+)"`, 'm').exec(block)?.[1];
    const counting = blocks.filter((block) => field(block, 'binding')?.startsWith('COUNTS_'));
    expect(counting.map((block) => field(block, 'binding'))).toEqual(countShards().map(countBinding));
    for (const block of counting) expect(field(block, 'migrations_dir')).toBe('migrations-counts');
    const ids = blocks.map((block) => field(block, 'database_id'));
    const names = blocks.map((block) => field(block, 'database_name'));
    expect(new Set(ids).size).toBe(blocks.length);
    expect(new Set(names).size).toBe(blocks.length);
    // The placeholders are refused by the deploy like the accounts database's.
    expect(
      builtConfigProblems({
        d1_databases: blocks.map((block) => ({
          binding: field(block, 'binding')!,
          database_id: field(block, 'database_id'),
        })),
      }).errors,
    ).toEqual(
      expect.arrayContaining([
        ...['DB', ...countShards().map(countBinding)].map(
          (b) =>
            `${b} has the placeholder database id: ${'put the id in deploy.config.json (deploy.config.example.json shows how) and build again'}`,
        ),
      ]),
    );
  });
});
