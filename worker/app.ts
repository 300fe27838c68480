import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from './env';
import { AppError } from './lib/errors';
import { MisconfiguredError } from './lib/config';
import { database } from './middleware/db';
import { logError, requestContext } from './middleware/request-log';
import { securityHeaders } from './middleware/security-headers';
import { auth } from './routes/auth';
import { dev } from './routes/dev';
import { profile } from './routes/profile';

const GENERIC_ERROR = 'Something went wrong. Please try again.';

export const app = new Hono<AppEnv>()
  .use(requestContext)
  .use(securityHeaders)
  .use(database)
  .route('/v1/auth', auth)
  .route('/v1/user/profile', profile)
  .route('/v1/dev', dev);

app.onError((error, c) => {
  const requestId = c.get('requestId') ?? 'unknown';
  if (error instanceof MisconfiguredError) {
    logError(requestId, error, { detail: error.detail, path: c.req.path });
  } else if (error instanceof AppError) {
    const body = { success: false as const, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
    return c.json(body, error.status);
  } else if (error instanceof HTTPException) {
    // Hono's own refusals (malformed JSON, body too large): keep the status, never its internals.
    const status = error.status;
    const message =
      status === 400
        ? 'The request body is malformed.'
        : status === 413
          ? 'The request body is too large.'
          : error.message;
    if (status >= 500) logError(requestId, error, { path: c.req.path });
    else return c.json({ success: false, message }, status);
  } else {
    logError(requestId, error, { path: c.req.path, method: c.req.method });
  }
  return c.json({ success: false, message: GENERIC_ERROR }, 500);
});

app.notFound((c) => c.json({ success: false, message: 'Not found' }, 404));

export type App = typeof app;
