// The product under test, started exactly as README's Quick start starts it (`npm start`), but on a
// fresh state directory (STATE_DIR) so a run never sees, nor leaves, anyone's local data.
// playwright.config.ts starts the instances (webServer); this is a journey's handle on one of them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Server = {
  baseUrl: string;
  port: number;
  stateDir: string;
  /** Runs the Worker's scheduled handler now: the counter flush that cron runs every minute. */
  flush(): Promise<void>;
  /** `npm run admin -- <args>` against this server's state, as an operator would run it. */
  admin(...args: string[]): string;
  /**
   * SQL run on this server's D1 as `npm run admin` runs it (wrangler d1 execute on its state):
   * for set-up the product has no quick way to make, such as a hundred accounts at once.
   */
  sql(statements: string): void;
};

/** The two instances: the product as `npm start` serves it, and one with REQUIRE_ACTIVATION=true. */
export const INSTANCES = {
  app: { port: Number(process.env.E2E_PORT ?? 8807), env: {} },
  activation: {
    port: Number(process.env.E2E_ACTIVATION_PORT ?? 8817),
    env: { REQUIRE_ACTIVATION: 'true', SUPPORT_EMAIL: 'help@cardlink.test', SUPPORT_WHATSAPP: '+31 6 1234 5678' },
  },
} as const;
export type Instance = keyof typeof INSTANCES;

/**
 * One fresh directory per run, holding each instance's state. The runner's process makes it and
 * removes it when it exits (after the servers are stopped); its workers inherit it through the
 * environment, so they all see the same one.
 */
export function stateRoot(): string {
  if (!process.env.E2E_STATE_ROOT) {
    const root = mkdtempSync(join(tmpdir(), 'cardlink-e2e-state-'));
    process.env.E2E_STATE_ROOT = root;
    process.on('exit', () => rmSync(root, { recursive: true, force: true }));
  }
  return process.env.E2E_STATE_ROOT;
}

export const stateDir = (instance: Instance) => join(stateRoot(), instance);

export function serverAt(instance: Instance): Server {
  const { port, env: extra } = INSTANCES[instance];
  const baseUrl = `http://127.0.0.1:${port}`;
  const dir = stateDir(instance);
  const env = { ...process.env, ...extra, PORT: String(port), STATE_DIR: dir };
  return {
    baseUrl,
    port,
    stateDir: dir,
    async flush() {
      const res = await fetch(`${baseUrl}/cdn-cgi/local/scheduled`);
      if (!res.ok) throw new Error(`The scheduled flush answered ${res.status}: ${await res.text()}`);
    },
    admin(...args: string[]) {
      const result = spawnSync('npm', ['run', '--silent', 'admin', '--', ...args], { env, encoding: 'utf8' });
      const output = `${result.stdout}${result.stderr}`;
      if (result.status !== 0)
        throw new Error(`npm run admin -- ${args.join(' ')} exited ${result.status}:\n${output}`);
      return output;
    },
    sql(statements: string) {
      const args = ['d1', 'execute', 'DB', '--local', '--persist-to', dir, '--command', statements];
      const result = spawnSync('wrangler', args, { env: { ...env, WRANGLER_SEND_METRICS: 'false' }, encoding: 'utf8' });
      if (result.status !== 0)
        throw new Error(`wrangler d1 execute exited ${result.status}:\n${result.stdout}${result.stderr}`);
    },
  };
}

/** Waits until the instance answers (the activation instance may still be starting as tests begin). */
export async function serving(server: Server, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(server.baseUrl, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // Not up yet.
    }
    if (Date.now() > deadline) throw new Error(`${server.baseUrl} did not serve within ${timeoutMs / 1000}s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
