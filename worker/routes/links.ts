import { Hono, type Context } from 'hono';
import type { Answer, messageResponse } from '@shared/schemas/responses';
import {
  linkBody,
  linkOrderBody,
  type linkSavedResponse,
  type linksReorderedResponse,
  type linksResponse,
  linkUpdateBody,
} from '@shared/schemas/links';
import { siteHosts } from '../lib/config';
import type { AppEnv } from '../env';
import { refuseUnsafeLink } from '../services/link-checks';
import { linkIdOr404 } from '../lib/params';
import { validate } from '../lib/validate';
import { withClicks } from '../services/events/counts';
import { requireAuth } from '../middleware/auth';
import { withCard } from '../middleware/card';
import { limitBody } from '../middleware/body-limit';
import {
  createLink,
  deleteLink,
  restoreLink,
  LINK_NOT_FOUND,
  listLinks,
  reorderLinks,
  serializeLink,
  updateLink,
} from '../services/links';
import { emitWebhookEvent } from '../services/webhooks/emit';
import type { WebhookEvent } from '@shared/schemas/webhooks';

/** The account's webhooks hear of a link's change (docs/decisions/0098-signed-webhooks.md). */
const linkEvent = (c: Context<AppEnv>, type: WebhookEvent, link: unknown) =>
  emitWebhookEvent(c.env, c.var.db, { userId: c.var.userId, cardId: c.var.cardId, type, data: { link } });

const idParam = linkIdOr404(LINK_NOT_FOUND);

export const links = new Hono<AppEnv>()
  .use(requireAuth, withCard)
  .use(limitBody(16 * 1024))
  // `all=true` (docs/product.md §9) is accepted and changes nothing: the list is never paged.
  .get('/', async (c) => {
    const rows = await withClicks(c.env, c.var.db, c.var.cardId, await listLinks(c.var.db, c.var.cardId));
    return c.json({ success: true, data: rows.map(serializeLink) } satisfies Answer<typeof linksResponse>);
  })
  .post('/', validate('json', linkBody), async (c) => {
    await refuseUnsafeLink(c.var.db, siteHosts(c.env, c.req.url), c.req.valid('json'));
    const link = await createLink(c.var.db, c.var.cardId, c.req.valid('json'));
    await linkEvent(c, 'link.created', serializeLink(link));
    return c.json(
      { success: true, link: serializeLink(link), message: 'Link created successfully' } satisfies Answer<
        typeof linkSavedResponse
      >,
      201,
    );
  })
  // Drag and drop in Manage Links: the whole new order at once.
  .put('/order', validate('json', linkOrderBody), async (c) => {
    const rows = await withClicks(
      c.env,
      c.var.db,
      c.var.cardId,
      await reorderLinks(c.var.db, c.var.cardId, c.req.valid('json').ids),
    );
    return c.json({ success: true, data: rows.map(serializeLink), message: 'Links reordered' } satisfies Answer<
      typeof linksReorderedResponse
    >);
  })
  .put('/:id', idParam, validate('json', linkUpdateBody), async (c) => {
    await refuseUnsafeLink(c.var.db, siteHosts(c.env, c.req.url), c.req.valid('json'));
    const updated = await updateLink(c.var.db, c.var.cardId, c.req.valid('param').id, c.req.valid('json'));
    const [link = updated] = await withClicks(c.env, c.var.db, c.var.cardId, [updated]);
    await linkEvent(c, 'link.updated', serializeLink(link));
    return c.json({ success: true, link: serializeLink(link), message: 'Link updated successfully' } satisfies Answer<
      typeof linkSavedResponse
    >);
  })
  // 'Undo' in the 'Link deleted' toast.
  .post('/:id/restore', idParam, async (c) => {
    const restored = await restoreLink(c.var.db, c.env.EVENTS, c.var.cardId, c.req.valid('param').id);
    const [link = restored] = await withClicks(c.env, c.var.db, c.var.cardId, [restored]);
    // Back from a deletion: to a receiver, a link that exists again.
    await linkEvent(c, 'link.created', serializeLink(link));
    return c.json({ success: true, link: serializeLink(link), message: 'Link restored' } satisfies Answer<
      typeof linkSavedResponse
    >);
  })
  .delete('/:id', idParam, async (c) => {
    await deleteLink(c.var.db, c.env.EVENTS, c.var.cardId, c.req.valid('param').id);
    await linkEvent(c, 'link.deleted', { id: c.req.valid('param').id });
    return c.json({ success: true, message: 'Link deleted successfully' } satisfies Answer<typeof messageResponse>);
  });
