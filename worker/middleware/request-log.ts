import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';

/** Every request gets an id, answered in `X-Request-Id` and carried by every log line of it. */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const incoming = c.req.header('X-Request-Id');
  const id = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
  c.set('requestId', id);
  await next();
  c.res.headers.set('X-Request-Id', id);
});

export function logError(requestId: string, error: unknown, extra: Record<string, unknown> = {}) {
  const detail = error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : { error };
  console.error(JSON.stringify({ level: 'error', requestId, ...extra, ...detail }));
}
