import { Hono } from 'hono';
import type { Answer, messageResponse } from '@shared/schemas/responses';
import type { otherSessionsEndedResponse, sessionsResponse } from '@shared/schemas/sessions';
import type { AppEnv } from '../env';
import { textIdOr404 } from '../lib/params';
import { requireAuth } from '../middleware/auth';
import { endOtherSessions, endUserSession, listSessions, SESSION_NOT_FOUND } from '../services/session-list';

const idParam = textIdOr404(64, SESSION_NOT_FOUND);

/**
 * /v1/user/sessions: the account's signed-in sessions, the caller's own marked `current`.
 * DELETE /{id} ends one (its refresh token at once, its access token with it); DELETE / ends
 * every session but the caller's.
 */
export const userSessions = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', async (c) => {
    const data = await listSessions(c.var.db, c.var.userId, c.var.sessionId);
    return c.json({ success: true, data } satisfies Answer<typeof sessionsResponse>);
  })
  .delete('/', async (c) => {
    const ended = await endOtherSessions(c.var.db, c.var.userId, c.var.sessionId);
    return c.json({ success: true, message: 'Signed out of all other sessions', data: { ended } } satisfies Answer<
      typeof otherSessionsEndedResponse
    >);
  })
  .delete('/:id', idParam, async (c) => {
    await endUserSession(c.var.db, c.var.userId, c.req.valid('param').id);
    return c.json({ success: true, message: 'Session ended' } satisfies Answer<typeof messageResponse>);
  });
