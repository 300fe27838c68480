import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type FieldErrors = Record<string, string[]>;

/**
 * The one error the app throws on purpose. `onError` turns it into the wire shape
 * `{ success: false, message, errors? }`; anything else becomes a generic 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: FieldErrors,
    /** Seconds after which trying again can work: the answer's Retry-After (a 429 or 503). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new AppError(400, message, errors);
export const unauthorized = (message = 'Unauthenticated') => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
/** A bound is full. Without `retryAfter`, the bound that refused said when (lib/rate-limit.ts), or a minute. */
export const tooMany = (message: string, errors?: FieldErrors, retryAfter?: number) =>
  new AppError(429, message, errors, retryAfter);
export const invalid = (errors: FieldErrors, message?: string) =>
  new AppError(422, message ?? Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors);
/** A single field error, e.g. a taken username. */
export const fieldError = (field: string, message: string) => invalid({ [field]: [message] }, message);
