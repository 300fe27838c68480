// npm run admin -- backup | restore <dir>: every D1 database together, the accounts database and
// each counting database, so a restore never leaves the statistics out of step with the cards
// (docs/operating.md#backups-and-the-restore-drill, docs/decisions/0089-deploy-safety-and-releases.md).
// A backup is a folder: one `wrangler d1 export` file per binding and manifest.json. Remotely each
// step is a wrangler command; locally the same SQL runs on the embedded state in one process
// (scripts/backup-local.ts says why).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { localBindings, localDatabases } from './backup-local.ts';
import { contentsOf, countQuery, restoreStatements, SCHEMA_QUERY, type SchemaObject } from './backup-sql.ts';
import { BUILT_CONFIG, query, run, type Target } from './lib.ts';

export type Manifest = {
  taken_at: string;
  finished_at: string;
  /** package.json's version when it was taken: the release whose schema the files hold. */
  version: string;
  target: 'local' | 'remote';
  databases: { binding: string; file: string; rows: Record<string, number>; migrations: string[] }[];
};

/** The databases of the deployment or of the local state, each step of a backup and a restore. */
export type Databases = {
  bindings: string[];
  /** The `wrangler d1 export` of one database, its text also written to `file`. */
  exportTo(binding: string, file: string): Promise<string>;
  /** Runs `restoreStatements` on one database, whole or not at all; `work`: a folder for its file. */
  restore(binding: string, exported: string, work: string): Promise<void>;
  /** The one row of a `countQuery`. */
  rows(binding: string, sql: string): Promise<Record<string, number>>;
  dispose(): Promise<void>;
};

function remoteDatabases(): Databases {
  const config = JSON.parse(readFileSync(BUILT_CONFIG, 'utf8')) as { d1_databases?: { binding: string }[] };
  const flags = ['--remote', '--config', BUILT_CONFIG];
  return {
    bindings: (config.d1_databases ?? []).map((database) => database.binding),
    exportTo: async (binding, file) => {
      run('wrangler', ['d1', 'export', binding, '--output', file, '--skip-confirmation', ...flags]);
      return readFileSync(file, 'utf8');
    },
    restore: async (binding, exported, work) => {
      const file = join(work, `${binding}.restore.sql`);
      const present = query<SchemaObject>('--remote', SCHEMA_QUERY, binding);
      writeFileSync(file, `${restoreStatements(present, exported).join(';\n')};\n`);
      run('wrangler', ['d1', 'execute', binding, '--file', file, '--yes', ...flags]);
    },
    rows: async (binding, sql) => query<Record<string, number>>('--remote', sql, binding)[0] ?? {},
    dispose: async () => undefined,
  };
}

const stamp = () => new Date().toISOString();
const folderName = (iso: string) => iso.replaceAll(':', '-').replace(/\.\d+Z$/, 'Z');
const version = () =>
  (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Exports every database into `dir` and writes its manifest. */
export async function backup(databases: Databases, target: Target, dir: string): Promise<Manifest> {
  mkdirSync(dir, { recursive: true });
  const taken = stamp();
  const files: Manifest['databases'] = [];
  for (const binding of databases.bindings) {
    const file = `${binding}.sql`;
    files.push({ binding, file, ...contentsOf(await databases.exportTo(binding, join(dir, file))) });
  }
  const manifest: Manifest = {
    taken_at: taken,
    finished_at: stamp(),
    version: version(),
    target: target === '--remote' ? 'remote' : 'local',
    databases: files,
  };
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Why this backup cannot be restored here, or []: files whole, and every database of the deployment in it. */
export function restoreProblems(manifest: Manifest, dir: string, bindings: string[]): string[] {
  const problems: string[] = [];
  for (const database of manifest.databases) {
    const file = join(dir, database.file);
    if (!existsSync(file)) {
      problems.push(`${database.file} is missing`);
      continue;
    }
    const found = contentsOf(readFileSync(file, 'utf8')).rows;
    const differs = Object.keys({ ...found, ...database.rows }).filter((t) => found[t] !== database.rows[t]);
    if (differs.length > 0)
      problems.push(`${database.file} does not hold the rows its manifest counts (${differs.join(', ')})`);
  }
  const inBackup = manifest.databases.map((database) => database.binding);
  const absent = bindings.filter((binding) => !inBackup.includes(binding));
  const extra = inBackup.filter((binding) => !bindings.includes(binding));
  if (absent.length > 0) problems.push(`the backup has no copy of ${absent.join(', ')}`);
  if (extra.length > 0) problems.push(`the backup holds ${extra.join(', ')}, which this deployment does not bind`);
  return problems;
}

/**
 * Replaces each database with the backup's copy, one after another, and answers the tables whose
 * rows differ from the manifest's afterwards ([] when all came back). A database is restored
 * whole or not at all (D1's import; one batch locally), so a failure says which ones were.
 */
async function restoreAll(databases: Databases, manifest: Manifest, dir: string): Promise<string[]> {
  const done: string[] = [];
  const wrong: string[] = [];
  for (const { binding, file, rows: expected } of manifest.databases) {
    try {
      await databases.restore(binding, readFileSync(join(dir, file), 'utf8'), dir);
    } catch (error) {
      throw new Error(
        `${binding} could not be restored (${explain(error)}). ` +
          (done.length > 0 ? `Restored already: ${done.join(', ')}. ` : 'No database was restored. ') +
          'Run the same restore again once the cause is fixed: it replaces each database whole.',
        { cause: error },
      );
    }
    done.push(binding);
    // The manifest counts every table the export makes (0 for an empty one).
    const rows = await databases.rows(binding, countQuery(Object.keys(expected)));
    for (const [table, count] of Object.entries(expected))
      if (rows[table] !== count)
        wrong.push(`${binding}.${table}: ${rows[table] ?? 'missing'} rows, the backup has ${count}`);
  }
  return wrong;
}

/** `npm run admin -- backup|restore ...`: answers the exit code. */
export async function backupCommand(command: 'backup' | 'restore', target: Target, args: string[], yes: boolean) {
  const where = target === '--remote' ? 'the deployment' : 'the local state';
  const open = () => (target === '--remote' ? remoteDatabases() : localDatabases());
  if (command === 'backup') {
    const out =
      args[0] === '--out' && args[1] ? args[1] : args.length === 0 ? join('backups', folderName(stamp())) : null;
    if (!out || args.length > 2) return usage();
    const databases = await open();
    try {
      const manifest = await backup(databases, target, out);
      console.log(
        `Backed up ${where}: ${databases.bindings.join(', ')} into ${resolve(out)}\n` +
          `(taken from ${manifest.taken_at} to ${manifest.finished_at}, release ${manifest.version}; it holds personal data: keep it as safe as the databases).`,
      );
    } finally {
      await databases.dispose();
    }
    return 0;
  }
  const dir = args[0];
  if (!dir || args.length > 1) return usage();
  if (!existsSync(join(dir, 'manifest.json'))) {
    console.error(`${dir} is not a backup: it has no manifest.json.`);
    return 1;
  }
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const bindings = target === '--remote' ? remoteDatabases().bindings : localBindings();
  const problems = restoreProblems(manifest, dir, bindings);
  if (problems.length > 0) {
    console.error(`Refusing to restore ${dir}:\n- ${problems.join('\n- ')}\nNothing was changed.`);
    return 1;
  }
  const what = `${bindings.join(', ')} of ${where} from the backup taken ${manifest.taken_at} (release ${manifest.version})`;
  if (target === '--remote' && !yes) {
    console.error(
      `This replaces ${what}: every write since then is lost. Run it again with --yes to go ahead.\nNothing was changed.`,
    );
    return 1;
  }
  const databases = await open();
  try {
    // Beside the backup restored, so the undo is found where the operator is looking.
    const safety = join(dirname(resolve(dir)), `${folderName(stamp())}-before-restore`);
    await backup(databases, target, safety);
    console.log(`The present is kept in ${safety} (restore it the same way to undo this).`);
    let wrong: string[];
    try {
      wrong = await restoreAll(databases, manifest, dir);
    } catch (error) {
      console.error(`${(error as Error).message}\nThe present before the restore is in ${safety}.`);
      return 1;
    }
    if (wrong.length > 0) {
      console.error(
        `The restore did not bring everything back:\n- ${wrong.join('\n- ')}\nThe present before it is in ${safety}.`,
      );
      return 1;
    }
  } finally {
    await databases.dispose();
  }
  console.log(
    `Restored ${what}: every table holds the rows the backup counted.\n` +
      `Its schema is release ${manifest.version}'s; if the Worker serving is a later release, run npm run deploy to apply the migrations since.`,
  );
  return 0;
}

/** An error with its causes: a failed fetch says little until its cause is named. */
const explain = (error: unknown): string =>
  error instanceof Error ? `${error.message}${error.cause ? `: ${explain(error.cause)}` : ''}` : String(error);

function usage() {
  console.error('Usage: npm run admin -- backup [--out <dir>] [--remote] | restore <dir> [--remote --yes]');
  return 1;
}
