import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// What `GET /v1/version` answers (worker/lib/build-info.ts), fixed when the Worker is built:
// package.json's version, the commit built (Workers Builds names it in WORKERS_CI_COMMIT_SHA;
// otherwise git, marked `-dirty` when the tree had uncommitted changes) and the build's time.

export type BuildInfo = { version: string; commit: string; builtAt: string };

function git(...args: string[]): string | null {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

function commit(env: NodeJS.ProcessEnv): string {
  const ci = env.WORKERS_CI_COMMIT_SHA?.trim();
  if (ci) return ci.slice(0, 12);
  const head = git('rev-parse', '--short=12', 'HEAD');
  if (!head) return 'unknown';
  return git('status', '--porcelain', '--untracked-files=no') ? `${head}-dirty` : head;
}

export function buildInfo(env: NodeJS.ProcessEnv = process.env, now = new Date()): BuildInfo {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string };
  return { version: pkg.version ?? '0.0.0', commit: commit(env), builtAt: now.toISOString() };
}

/** Vite's `define` for the Worker: the constant worker/lib/build-info.ts reads. */
export const buildDefine = (info: BuildInfo = buildInfo()) => ({ __CARDLINK_BUILD__: JSON.stringify(info) });
