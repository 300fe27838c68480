import { AppError } from './errors';

// A part of the platform that is briefly down (README, When a part fails): D1, KV or R2 answering
// with their transient errors. Such a failure is a 503 with Retry-After, never a 500: the request
// was fine and will work again. Recognised by the messages the bindings throw (Cloudflare's D1,
// KV and R2 error pages list them), through any `cause` a library wrapped around them.

const TRANSIENT = [
  /network connection lost/i,
  /overloaded/i,
  /object to be reset/i,
  /reset because its code was updated/i,
  /timed? ?out/i,
  /temporarily unavailable/i,
  /service unavailable/i,
  /internal error/i,
  /\b(?:KV|R2) (?:GET|PUT|LIST|DELETE) failed: (?:5\d\d|429)/i,
];

/** How long a client is asked to wait before trying again, in seconds. */
export const RETRY_AFTER_SECONDS = 30;
/** A 429 whose bound noted no time of its own (request-log.ts): a minute, then the client may ask again. */
export const TOO_MANY_RETRY_AFTER_SECONDS = 60;
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a minute.';

/** Whether the error (or an error it wraps) is a platform part briefly down. */
export function isUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const message = current instanceof Error ? current.message : String(current);
    if (TRANSIENT.some((pattern) => pattern.test(message))) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

/**
 * A database without its schema: a Worker deployed by a bare `wrangler deploy`, whose provisioning
 * created the databases, answers before `npm run deploy` (or `wrangler d1 migrations apply`) gave
 * them their tables (docs/decisions/0088). Nothing is wrong with the request: 503, try again.
 */
export const NOT_SET_UP_MESSAGE =
  'The service is being set up: its database is not ready yet. Please try again in a few minutes.';

export function isNotSetUp(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const message = current instanceof Error ? current.message : String(current);
    if (/no such table: (?!d1_migrations)/i.test(message)) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

/** A part briefly down, with what the person can do: answered 503 with Retry-After (worker/app.ts). */
export class UnavailableError extends AppError {
  constructor(message = UNAVAILABLE_MESSAGE) {
    super(503, message);
    this.name = 'UnavailableError';
  }
}

export const PHOTOS_UNAVAILABLE = 'Photos cannot be processed right now. Please try again in a minute.';
