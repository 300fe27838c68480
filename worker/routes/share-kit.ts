import { Hono } from 'hono';
import { virtualBackgroundQuery } from '@shared/schemas/share';
import type { AppEnv } from '../env';
import { notFound } from '../lib/errors';
import { validate } from '../lib/validate';
import { requireAuth } from '../middleware/auth';
import { withCard } from '../middleware/card';
import { getOwnCard } from '../services/public-card';

/** /v1/user/share: what the owner hands over in person or on a call (docs/product.md §2, Share). */
export const shareKit = new Hono<AppEnv>()
  .use(requireAuth, withCard)
  .get('/virtual-background.png', validate('query', virtualBackgroundQuery), async (c) => {
    const size = c.req.valid('query').size ?? '1920x1080';
    const origin = new URL(c.req.url).origin;
    const card = await getOwnCard(c.var.db, origin, c.var.cardId);
    if (!card) throw notFound('Profile not found');
    // The renderer (satori, resvg) loads on first use: a card view never starts it.
    const { drawVirtualBackground } = await import('../og/virtual-background');
    const png = await drawVirtualBackground(c.env.MEDIA, card, `${origin}/p/${card.username}`, size);
    return new Response(png, {
      headers: {
        'Content-Type': 'image/png',
        'Content-Disposition': `attachment; filename="${card.username}-background-${size}.png"`,
        'Cache-Control': 'private, no-store',
      },
    });
  });
