import { bodyLimit } from 'hono/body-limit';

/** Refuses bodies over `maxSize` bytes with the wire's error shape, before they are read. */
export const limitBody = (maxSize: number, message = 'The request body is too large.') =>
  bodyLimit({
    maxSize,
    onError: (c) => c.json({ success: false, message }, 413),
  });
