import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../scripts/backup';
import { repo } from './local-state';

// `npm run admin -- backup --remote` against a stand-in `wrangler` that records its calls and
// answers `d1 export` with a file as the real one writes it: every database of the built config is
// exported with the flags the real one takes. (test/scripts/backup.test.ts runs the same backup
// and restore on a real local state.)

const work = mkdtempSync(join(tmpdir(), 'cardlink-backup-remote-'));
const BINDINGS = ['DB', 'COUNTS_0', 'COUNTS_1'];
const CONFIG = 'dist/cardlink/wrangler.json';
afterAll(() => rmSync(work, { recursive: true, force: true }));

mkdirSync(join(work, 'bin'));
mkdirSync(join(work, 'dist/cardlink'), { recursive: true });
writeFileSync(
  join(work, CONFIG),
  JSON.stringify({ d1_databases: BINDINGS.map((binding) => ({ binding, database_id: `id-${binding}` })) }),
);
writeFileSync(
  join(work, 'bin/wrangler'),
  `#!/bin/sh
echo "wrangler $*" >> "${work}/calls.log"
case "$*" in
  "d1 export "*)
    printf 'PRAGMA defer_foreign_keys=TRUE;\\nCREATE TABLE "notes"(id INTEGER PRIMARY KEY, body TEXT);\\nINSERT INTO "notes" ("id","body") VALUES(1,%s);\\n' "'$3'" > "$5" ;;
  *) exit 1 ;;
esac
`,
);
chmodSync(join(work, 'bin/wrangler'), 0o755);

const admin = (...args: string[]) => {
  const result = spawnSync(
    process.execPath,
    ['--import', join(repo, 'scripts/resolve.ts'), join(repo, 'scripts/admin.ts'), ...args],
    {
      cwd: work,
      encoding: 'utf8',
      env: { PATH: [join(work, 'bin'), dirname(process.execPath), '/usr/bin', '/bin'].join(delimiter) },
      timeout: 60_000,
    },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
};
const calls = () => readFileSync(join(work, 'calls.log'), 'utf8').trim().split('\n');

describe('npm run admin -- backup --remote', { timeout: 90_000 }, () => {
  it('exports every database of the built config with wrangler, into one folder with a manifest', () => {
    const result = admin('backup', '--remote', '--out', 'copy');
    expect(result.status, result.output).toBe(0);
    expect(calls()).toEqual(
      BINDINGS.map(
        (binding) =>
          `wrangler d1 export ${binding} --output copy/${binding}.sql --skip-confirmation --remote --config ${CONFIG}`,
      ),
    );
    const manifest = JSON.parse(readFileSync(join(work, 'copy/manifest.json'), 'utf8')) as Manifest;
    expect(manifest.target).toBe('remote');
    expect(manifest.databases).toEqual(
      BINDINGS.map((binding) => ({ binding, file: `${binding}.sql`, rows: { notes: 1 }, migrations: [] })),
    );
    expect(result.output).toContain(`Backed up the deployment: ${BINDINGS.join(', ')} into ${join(work, 'copy')}`);
  });

  it('restores the deployment only when told --yes, and says what it would replace', () => {
    const before = calls().length;
    const result = admin('restore', 'copy', '--remote');
    expect(result.status).toBe(1);
    expect(result.output).toContain(`This replaces ${BINDINGS.join(', ')} of the deployment from the backup taken`);
    expect(result.output).toContain('Run it again with --yes to go ahead.\nNothing was changed.');
    expect(calls()).toHaveLength(before);
  });
});
