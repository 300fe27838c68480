import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtConfigProblems, type BuiltConfig } from '../../scripts/deploy-checks';
import { countBinding, countShards } from '../../worker/lib/count-shards';

// `npm run deploy` against stand-ins for `vite` and `wrangler` on PATH that record their calls:
// nothing in production may change before the build and every check have passed.

const repo = fileURLToPath(new URL('../../', import.meta.url));

/** What `vite build` would write from wrangler.toml and deploy.config.json. */
const builtConfig = (ids: { db: string; kv: string; counts: string[] }): BuiltConfig => ({
  d1_databases: [
    { binding: 'DB', database_id: ids.db },
    ...ids.counts.map((id, shard) => ({ binding: countBinding(shard), database_id: id })),
  ],
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
const STAND_INS = {
  vite: `mkdir -p dist/cardlink && cp "$BUILT_FIXTURE" dist/cardlink/wrangler.json`,
  wrangler: `case "$*" in
  "secret list"*) echo "$SECRETS" ;;
  "d1 execute"*"--json"*) echo '[{"results":[{"n":0}]}]' ;;
  "deploy --dry-run"*) [ -z "$DRY_RUN_FAILS" ] || { echo "No loader is configured" >&2; exit 1; } ;;
esac`,
};

function deploy(options: { ids: typeof REAL; secrets?: string[]; dryRunFails?: boolean }) {
  const work = mkdtempSync(join(tmpdir(), 'cardlink-deploy-'));
  const bin = join(work, 'bin');
  mkdirSync(bin);
  const calls = join(work, 'calls.log');
  for (const [name, body] of Object.entries(STAND_INS)) {
    writeFileSync(join(bin, name), `#!/bin/sh\necho "${name} $*" >> "${calls}"\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  }
  const fixture = join(work, 'built.json');
  writeFileSync(fixture, JSON.stringify(builtConfig(options.ids)));
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
  return { status: result.status, output: `${result.stdout}${result.stderr}`, calls: recorded };
}

const changesProduction = (call: string) =>
  call.includes('--remote') || (call.startsWith('wrangler deploy') && !call.includes('--dry-run'));

describe('npm run deploy', { timeout: 90_000 }, () => {
  it('builds and validates before it changes production, then migrates, seeds, deploys the built config and says how to roll back', () => {
    const run = deploy({ ids: REAL });
    expect(run.status, run.output).toBe(0);
    const config = '--config dist/cardlink/wrangler.json';
    expect(run.calls[0]).toBe('vite build');
    expect(run.calls[1]).toBe(`wrangler deploy --dry-run ${config}`);
    expect(run.calls[2]).toBe(`wrangler secret list --format json ${config}`);
    // Every D1 binding's migrations: the accounts database, then each counting database.
    const bindings = ['DB', ...countShards().map(countBinding)];
    expect(run.calls.slice(3, 3 + bindings.length)).toEqual(
      bindings.map((binding) => `wrangler d1 migrations apply ${binding} --remote ${config}`),
    );
    const after = 3 + bindings.length;
    expect(run.calls[after]).toMatch(
      new RegExp(`^wrangler d1 execute DB --remote ${config} --file \\S+seed\\.sql --yes$`),
    );
    expect(run.calls[after + 1]).toBe(`wrangler deploy ${config}`);
    // The media migration's wait asks the deployed database how many images are left (none here).
    expect(
      run.calls.slice(after + 2).every((call) => call.startsWith(`wrangler d1 execute DB --remote ${config} --json`)),
    ).toBe(true);
    expect(run.calls.findIndex(changesProduction)).toBe(3);
    expect(run.output).toContain(`npx wrangler rollback ${config}`);
    expect(run.output).toMatch(/npx wrangler d1 time-travel restore DB --timestamp=\d{4}-\d\d-\d\dT[\d:.]+Z/);
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
