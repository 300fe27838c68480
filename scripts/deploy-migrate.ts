// The remote migrations of `npm run deploy`: every D1 database of the built config, one after
// another, each checked afterwards. `wrangler d1 migrations apply` exits 0 when its confirmation is
// answered no, and when a migration's statements report failure without an error; so what counts
// is what `wrangler d1 migrations list` answers after it: nothing pending, or the deploy stops
// before the seed and the Worker (docs/decisions/0089-deploy-safety-and-releases.md).
import { spawn } from 'node:child_process';

export type D1Config = { d1_databases?: { binding: string; migrations_dir?: string }[] };

/** The bindings whose database has migrations, in the built config's order (the accounts database first). */
export const migratedBindings = (config: D1Config) =>
  (config.d1_databases ?? []).filter((database) => database.migrations_dir).map((database) => database.binding);

/**
 * wrangler's own answer to a confirmation in a non-interactive run is its fallback, yes
 * (`wrangler d1 migrations apply` has no --yes flag): stdin is not a terminal and CI is set, so it
 * never waits for a key, and an operator's stray 'n' cannot half-deploy a release.
 */
function wrangler(args: string[]): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('wrangler', args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: 'true' } });
    let output = '';
    const echo = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
      output += chunk.toString();
      to.write(chunk);
    };
    child.stdout.on('data', echo(process.stdout));
    child.stderr.on('data', echo(process.stderr));
    child.on('error', (error) => resolve({ status: 127, output: `${output}${error.message}` }));
    child.on('close', (code) => resolve({ status: code ?? 1, output }));
  });
}

/** The migrations `wrangler d1 migrations list` names as pending, [] for none, null when its answer says neither. */
export function pendingIn(output: string): string[] | null {
  if (output.includes('No migrations to apply')) return [];
  const names = [...new Set(output.match(/[\w./-]+\.sql\b/g) ?? [])];
  return names.length > 0 ? names : null;
}

/** What one database got; `unknown`: wrangler's answer after applying could not be read. */
type Step = { binding: string; applied: string[]; unknown?: boolean };
export type Migration = { ok: true; steps: Step[] } | { ok: false; report: string };

/** The D1 Time Travel restore of each database to one instant: accounts and statistics stay in step. */
export const timeTravelCommands = (bindings: string[], timestamp: string, config: string) =>
  bindings.map(
    (binding) => `npx wrangler d1 time-travel restore ${binding} --timestamp=${timestamp} --config ${config}`,
  );

/**
 * Applies the pending migrations of each binding in turn and checks that none is left; the first
 * that is not fully applied stops it. `before` is the instant taken before the first, for the way back.
 */
export async function migrateRemote(bindings: string[], config: string, before: string): Promise<Migration> {
  const steps: Step[] = [];
  for (const [index, binding] of bindings.entries()) {
    const pending = async () => {
      const listed = await wrangler(['d1', 'migrations', 'list', binding, '--remote', '--config', config]);
      return listed.status === 0 ? pendingIn(listed.output) : null;
    };
    const stop = (problem: string, step: Omit<Step, 'binding'>) =>
      ({
        ok: false,
        report: stopReport({
          problem,
          steps: [...steps, { binding, ...step }],
          untouched: bindings.slice(index + 1),
          before,
          config,
        }),
      }) as const;
    const waiting = await pending();
    if (waiting === null)
      return stop(`the pending migrations of ${binding} could not be read (\`wrangler d1 migrations list\`, above).`, {
        applied: [],
      });
    if (waiting.length === 0) continue;
    const applied = await wrangler(['d1', 'migrations', 'apply', binding, '--remote', '--config', config]);
    const left = await pending();
    if (left === null)
      return stop(
        `after \`wrangler d1 migrations apply ${binding}\` (exit ${applied.status}) its pending migrations could not be read, so whether they were applied is unknown.`,
        { applied: [], unknown: true },
      );
    const done = waiting.filter((name) => !left.includes(name));
    if (left.length > 0) {
      const why =
        applied.status !== 0
          ? `\`wrangler d1 migrations apply ${binding}\` failed (exit ${applied.status}, above)`
          : `\`wrangler d1 migrations apply ${binding}\` exited 0 without applying them (a confirmation answered no, or a failure it did not report; above)`;
      return stop(`${why}: still pending on ${binding}: ${left.join(', ')}.`, { applied: done });
    }
    steps.push({ binding, applied: done });
  }
  return { ok: true, steps };
}

function stopReport(stopped: { problem: string; steps: Step[]; untouched: string[]; before: string; config: string }) {
  const changed = stopped.steps.filter((step) => step.applied.length > 0 || step.unknown);
  const lines = [`Stopping the deploy: ${stopped.problem}`];
  if (changed.length === 0) lines.push('No database was migrated.');
  else
    lines.push(
      'What this deploy changed (every migration only adds, docs/decisions/0067-migrations-only-add.md):',
      ...changed.map((step) =>
        step.unknown
          ? `  ${step.binding}: unknown; \`npx wrangler d1 migrations list ${step.binding} --remote --config ${stopped.config}\` tells`
          : `  ${step.binding}: applied ${step.applied.join(', ')}`,
      ),
    );
  const notMigrated = stopped.untouched.length > 0 ? `${stopped.untouched.join(', ')} were not migrated, ` : '';
  lines.push(
    `Nothing else was changed: ${notMigrated}the catalogue was not seeded and the Worker was not deployed; the previous release still serves.`,
    '',
    'The way back:',
  );
  if (changed.length === 0) lines.push('  nothing to undo. Fix the cause above and run `npm run deploy` again.');
  else
    lines.push(
      '  nothing needs undoing: the previous Worker runs on the added schema. Fix the cause above and run',
      '  `npm run deploy` again; it applies only what is still pending. To put the migrated databases back',
      `  as well (their writes since ${stopped.before} are lost), with one timestamp:`,
      ...timeTravelCommands(
        changed.map((step) => step.binding),
        stopped.before,
        stopped.config,
      ).map((command) => `    ${command}`),
    );
  return lines.join('\n');
}
