import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { MisconfiguredError } from '../lib/config';
import { errorDetail } from '../lib/log';

/**
 * Every request gets an id, answered in `X-Request-Id` and carried by every log line of it.
 * Every error answer (4xx and 5xx, thrown or returned) is logged as one line after the fact.
 */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const incoming = c.req.header('X-Request-Id');
  const id = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
  c.set('requestId', id);
  await next();
  c.res.headers.set('X-Request-Id', id);
  if (c.res.status >= 400) await logErrorAnswer(c, id);
});

/** The `message` of a JSON error answer: what the client was told, nothing more. */
async function publicMessage(res: Response): Promise<string | undefined> {
  if (!res.headers.get('Content-Type')?.includes('application/json')) return undefined;
  try {
    const body: unknown = await res.clone().json();
    const message = (body as { message?: unknown } | null)?.message;
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One line per error answer: warn for 4xx, error for 5xx (with what went wrong inside). Only
 * the path, never the query string (it may hold an address or a token), and never a body:
 * passwords, tokens and codes stay out of the log.
 */
async function logErrorAnswer(c: Context<AppEnv>, requestId: string) {
  const status = c.res.status;
  const line = {
    level: status >= 500 ? 'error' : 'warn',
    requestId,
    method: c.req.method,
    path: c.req.path,
    status,
    message: await publicMessage(c.res),
  };
  if (status < 500) {
    console.warn(JSON.stringify(line));
    return;
  }
  const error = c.error;
  const detail = error instanceof MisconfiguredError ? { detail: error.detail } : {};
  console.error(JSON.stringify({ ...line, ...detail, ...(error ? { error: errorDetail(error) } : {}) }));
}
