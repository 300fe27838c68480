import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * Refuses bodies over `maxSize` bytes with the wire's error shape, before they are read. A
 * chunked body is read here to count it; if the client breaks it off or sends a malformed
 * chunk, that is the client's fault (400), not a server error.
 */
export const limitBody = (maxSize: number, message = 'The request body is too large.'): MiddlewareHandler => {
  const limit = bodyLimit({
    maxSize,
    onError: (c) => c.json({ success: false, message }, 413),
  });
  return async (c, next) => {
    let passed = false;
    try {
      return await limit(c, () => {
        passed = true;
        return next();
      });
    } catch (error) {
      if (passed) throw error;
      return c.json({ success: false, message: 'The request body could not be read.' }, 400);
    }
  };
};
