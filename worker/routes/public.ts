import { Hono } from 'hono';
import type { publicCardResponse } from '@shared/schemas/public-card';
import type { Answer } from '@shared/schemas/responses';
import type { AppEnv } from '../env';
import { nearestReplica } from '../middleware/db';
import { forbidden, notFound } from '../lib/errors';
import { linkIdOr404 } from '../lib/params';
import {
  findClickableLink,
  getPublicCard,
  PRIVATE_PROFILE_MESSAGE,
  PROFILE_NOT_FOUND_MESSAGE,
} from '../services/public-card';
import { trackClick, trackView } from '../services/events/track';
import { heldUsernameTarget } from '../services/username-holds';

/** GET /v1/p/{username}: the card as any visitor sees it. */
export const publicCard = new Hono<AppEnv>().use(nearestReplica).get('/:username', async (c) => {
  const result = await getPublicCard(c.var.db, new URL(c.req.url).origin, c.req.param('username'));
  if (result.status === 'missing') {
    // A username given up within its hold period: the card moved (see the page's redirect).
    const target = await heldUsernameTarget(c.var.db, c.req.param('username').trim().toLowerCase());
    if (target) return c.redirect(`/v1/p/${target}`, 301);
    throw notFound(PROFILE_NOT_FOUND_MESSAGE);
  }
  if (result.status === 'private') throw forbidden(PRIVATE_PROFILE_MESSAGE);
  await trackView(c.env, {
    ownerId: result.ownerId,
    accountId: result.accountId,
    request: c.req.raw,
    requestId: c.var.requestId,
  });
  return c.json({ success: true, data: result.card, message: 'Profile retrieved successfully' } satisfies Answer<
    typeof publicCardResponse
  >);
});

/**
 * GET /v1/link/{id}/click: a visitor's click on an active link of a public card, reported by
 * the card's script; POST: the same click reported by the browser itself, through the link's
 * `ping` attribute (Content-Type text/ping, body "PING", never read), when no script runs.
 */
export const linkClicks = new Hono<AppEnv>().on(
  ['GET', 'POST'],
  '/:id/click',
  linkIdOr404('Link not found'),
  async (c) => {
    const link = await findClickableLink(c.var.db, c.req.valid('param').id, c.var.customHost?.cardId);
    if (!link) throw notFound('Link not found');
    await trackClick(c.env, {
      ownerId: link.ownerId,
      accountId: link.accountId,
      linkId: link.linkId,
      request: c.req.raw,
      requestId: c.var.requestId,
    });
    return c.body(null, 204);
  },
);
