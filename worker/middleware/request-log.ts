import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../env';
import { logSampleRate, MisconfiguredError } from '../lib/config';
import { errorDetail } from '../lib/log';
import { recordRequest } from '../lib/metrics';
import { rateLimitFields, withLimitNotes } from '../lib/rate-limit';
import { RETRY_AFTER_SECONDS, TOO_MANY_RETRY_AFTER_SECONDS } from '../lib/unavailable';

/**
 * Every request gets an id, answered in `X-Request-Id` and carried by every log line of it, and
 * one log line and one metric once it is answered (docs/decisions/0090): every error answer, and
 * a share of the others (LOG_SAMPLE_RATE). The bounds the request met become its RateLimit
 * fields, and every 429 and 503 leaves with a Retry-After.
 */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  const incoming = c.req.header('X-Request-Id');
  const id = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
  c.set('requestId', id);
  const notes = await withLimitNotes(next);
  const headers = c.res.headers;
  headers.set('X-Request-Id', id);
  const fields = rateLimitFields(notes);
  if (fields) {
    headers.set('RateLimit-Policy', fields.policy);
    headers.set('RateLimit', fields.limit);
  }
  const status = c.res.status;
  if ((status === 429 || status === 503) && !headers.has('Retry-After')) {
    const fallback = status === 429 ? TOO_MANY_RETRY_AFTER_SECONDS : RETRY_AFTER_SECONDS;
    headers.set('Retry-After', String(notes.retryAfter ?? fallback));
  }
  if (c.get('uncounted') && status < 400) return;
  const rate = logSampleRate(c.env);
  // Errors always; the rest by the setting, each sampled one standing for 1/rate requests.
  if (status < 400 && !(Math.random() < rate)) return;
  const line = {
    requestId: id,
    method: c.req.method,
    route: routeOf(c),
    status,
    ms: Date.now() - started,
    colo: (c.req.raw as { cf?: { colo?: unknown } }).cf?.colo,
  };
  recordRequest(c.env.METRICS, { ...line, weight: status < 400 ? 1 / rate : 1 });
  await logAnswer(c, line);
});

/**
 * The route pattern as the app registers it (`/v1/user/links/:id`), never the path itself, which
 * may hold a username or a token: the route that answered, or, when a middleware answered first
 * (a 401, a 413), the route the request was going to; `unmatched` for a path no route has.
 */
export function routeOf(c: Context<AppEnv>) {
  const routes = matchedRoutes(c);
  const from = Math.max(0, c.req.routeIndex);
  const route = routes.slice(from).find((r) => r.method !== 'ALL');
  return route?.path ?? 'unmatched';
}

/** `METHOD /path` of the route a request is going to, as the app registers it; null for a path no route has. */
export function routeKeyOf(c: Context<AppEnv>) {
  const routes = matchedRoutes(c);
  const route = routes.slice(Math.max(0, c.req.routeIndex)).find((r) => r.method !== 'ALL');
  return route ? `${route.method} ${route.path}` : null;
}

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
 * One JSON line: info below 400, warn for 4xx, error for 5xx (with what went wrong inside).
 * The route pattern, never the path or its query (they may hold an address or a token), never
 * a body (passwords, tokens and codes), never the client's address.
 */
async function logAnswer(c: Context<AppEnv>, line: Record<string, unknown> & { status: number }) {
  if (line.status < 400) {
    console.log(JSON.stringify({ level: 'info', ...line }));
    return;
  }
  const answered = { level: line.status >= 500 ? 'error' : 'warn', ...line, message: await publicMessage(c.res) };
  if (line.status < 500) {
    console.warn(JSON.stringify(answered));
    return;
  }
  const error = c.error;
  const detail = error instanceof MisconfiguredError ? { detail: error.detail } : {};
  console.error(JSON.stringify({ ...answered, ...detail, ...(error ? { error: errorDetail(error) } : {}) }));
}
