// The product under test, started exactly as README's Quick start starts it (`npm start`), but on a
// fresh state directory (STATE_DIR) so a run never sees, nor leaves, anyone's local data.
// playwright.config.ts starts the app (webServer); the REQUIRE_ACTIVATION instance starts when a
// journey first needs it (startOnce). This is also a journey's handle on either.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** What `npm start` gets for the instance: its port, its state directory and its own settings. */
export const instanceEnv = (instance: Instance) => ({
  ...process.env,
  ...INSTANCES[instance].env,
  PORT: String(INSTANCES[instance].port),
  STATE_DIR: stateDir(instance),
});

export function serverAt(instance: Instance): Server {
  const { port } = INSTANCES[instance];
  const baseUrl = `http://127.0.0.1:${port}`;
  const dir = stateDir(instance);
  const env = instanceEnv(instance);
  return {
    baseUrl,
    port,
    stateDir: dir,
    async flush() {
      const res = await fetch(`${baseUrl}/cdn-cgi/local/scheduled`);
      if (!res.ok) throw new Error(`The scheduled flush answered ${res.status}: ${await res.text()}`);
    },
    admin(...args: string[]) {
      for (let attempt = 1; ; attempt++) {
        const result = spawnSync('npm', ['run', '--silent', 'admin', '--', ...args], { env, encoding: 'utf8' });
        const output = `${result.stdout}${result.stderr}`;
        if (result.status === 0) return output;
        // The command opens the instance's database beside the running server (and another
        // journey's command); SQLite answers 'database is locked' when they meet, and an operator
        // would run it again. Every command is idempotent.
        if (!output.includes('SQLITE_BUSY') || attempt === 3)
          throw new Error(`npm run admin -- ${args.join(' ')} exited ${result.status}:\n${output}`);
      }
    },
    sql(statements: string) {
      const args = ['d1', 'execute', 'DB', '--local', '--persist-to', dir, '--command', statements];
      const result = spawnSync('wrangler', args, { env: { ...env, WRANGLER_SEND_METRICS: 'false' }, encoding: 'utf8' });
      if (result.status !== 0)
        throw new Error(`wrangler d1 execute exited ${result.status}:\n${result.stdout}${result.stderr}`);
    },
  };
}

const answers = (baseUrl: string) =>
  fetch(baseUrl, { signal: AbortSignal.timeout(2_000) }).then(
    (res) => res.ok,
    () => false,
  );

/** Waits until the instance answers, or fails at once when `exited` says its process has ended. */
export async function serving(server: Server, timeoutMs = 240_000, exited = () => false) {
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(server.baseUrl))) {
    if (exited()) throw new Error(`npm start for ${server.baseUrl} exited: see test-results/server-${server.port}.log`);
    if (Date.now() > deadline) throw new Error(`${server.baseUrl} did not serve within ${timeoutMs / 1000}s`);
    // Polling a port that does not answer yet: there is no event to wait for.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const pidFile = (instance: Instance) => join(stateRoot(), `${instance}.pid`);

/**
 * Starts the instance the first time a journey of the run needs it, so a run without such a
 * journey never starts it. The first worker to ask takes a lock in the run's state root and starts
 * `npm start` on the app's build, detached so that it outlives the worker; every worker then waits
 * until it serves. stopStarted (globalTeardown) stops it when the run ends.
 */
export async function startOnce(instance: Instance): Promise<Server> {
  const server = serverAt(instance);
  let exited = () => false;
  let lock: number | null = null;
  try {
    lock = openSync(join(stateRoot(), `${instance}.lock`), 'wx');
  } catch {
    // Another worker has started it.
  }
  if (lock !== null) {
    closeSync(lock);
    // What webServer's reuseExistingServer: false does: never test against someone else's server.
    if (await answers(server.baseUrl)) throw new Error(`${server.baseUrl} is already in use: choose another port`);
    mkdirSync('test-results', { recursive: true });
    const log = openSync(`test-results/server-${server.port}.log`, 'w');
    const child = spawn('npm', ['start', '--', '--no-build'], {
      env: instanceEnv(instance),
      detached: true,
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    child.unref();
    writeFileSync(pidFile(instance), String(child.pid));
    let ended = false;
    child.on('exit', () => (ended = true));
    exited = () => ended;
  }
  await serving(server, 240_000, exited);
  return server;
}

/** Stops what startOnce started: SIGTERM to its process group (npm, wrangler, workerd), then waits. */
export async function stopStarted() {
  for (const instance of Object.keys(INSTANCES) as Instance[]) {
    if (!existsSync(pidFile(instance))) continue;
    const pid = Number(readFileSync(pidFile(instance), 'utf8'));
    const alive = () => {
      try {
        process.kill(-pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    if (alive()) process.kill(-pid, 'SIGTERM');
    const deadline = Date.now() + 5_000;
    while (alive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    if (alive()) process.kill(-pid, 'SIGKILL');
  }
}
