// The product under test, started exactly as README's Quick start starts it (`npm start`), but on a
// fresh state directory (STATE_DIR) so a run never sees, nor leaves, anyone's local data.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Server = {
  baseUrl: string;
  port: number;
  stateDir: string;
  logFile: string;
  /** Runs the Worker's scheduled handler now: the counter flush that cron runs every minute. */
  flush(): Promise<void>;
  /** `npm run admin -- <args>` against this server's state, as an operator would run it. */
  admin(...args: string[]): string;
  stop(): Promise<void>;
};

type StartOptions = {
  port: number;
  logFile: string;
  /** `npm start` builds the app first; a second instance reuses that build. */
  build: boolean;
  env?: Record<string, string>;
  readyTimeoutMs?: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function tail(file: string, lines = 40) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

async function isServing(url: string) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

export async function startServer(options: StartOptions): Promise<Server> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  if (await isServing(baseUrl)) throw new Error(`Port ${options.port} is already serving; stop that server first`);
  const stateDir = mkdtempSync(join(tmpdir(), 'cardlink-e2e-state-'));
  const env = { ...process.env, ...options.env, PORT: String(options.port), STATE_DIR: stateDir };
  const log = openSync(options.logFile, 'w');
  // Its own process group, so stopping it also stops wrangler and workerd underneath npm.
  const child: ChildProcess = spawn('npm', options.build ? ['start'] : ['start', '--', '--no-build'], {
    env,
    detached: true,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });

  const stop = async () => {
    if (!exited && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      for (let i = 0; i < 50 && !exited; i++) await sleep(100);
      if (!exited) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }
    rmSync(stateDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 240_000);
  while (!(await isServing(baseUrl))) {
    if (exited) {
      await stop();
      throw new Error(`npm start on port ${options.port} exited before serving:\n${tail(options.logFile)}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`npm start on port ${options.port} did not serve in time:\n${tail(options.logFile)}`);
    }
    await sleep(500);
  }

  return {
    baseUrl,
    port: options.port,
    stateDir,
    logFile: options.logFile,
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
    stop,
  };
}
