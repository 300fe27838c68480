import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { secret } from '../lib/config';
import { accessTokenUserId } from '../services/access-tokens';
import type { trackView } from '../services/events/track';
import { cookieToken } from '../services/events/viewer';

// Who is looking at a card, and counting what they did once the answer is sent: the card's page
// and its vCard (public-page.tsx) share both.

type C = Context<AppEnv>;

/** Whether the viewer is the card's owner, signed in to the dashboard (its access cookie). */
export async function isOwnerViewing(c: C, accountId: string) {
  let jwtSecret: string;
  try {
    jwtSecret = secret(c.env, 'JWT_SECRET');
  } catch {
    return false;
  }
  return (await accessTokenUserId(c.var.db, cookieToken(c.req.raw), jwtSecret)) === accountId;
}

export function waitUntil(c: C, promise: Promise<unknown>) {
  try {
    c.executionCtx.waitUntil(promise);
  } catch {
    // No execution context (app.request in a test): let it settle on its own.
  }
}

/**
 * Counted after the answer: the KV write (and the salt of the day) never delay the first byte.
 * A HEAD is answered like a GET but not counted (track.ts).
 */
export const countAfter = (c: C, track: typeof trackView, card: { ownerId: string; accountId: string }) =>
  waitUntil(
    c,
    track(c.env, {
      ownerId: card.ownerId,
      accountId: card.accountId,
      request: c.req.raw,
      requestId: c.var.requestId,
      answered: true,
    }),
  );
