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
  getLinkOrThrow,
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

/**
 * The thumbnail a save leaves the link with (services/link-preview/save.ts): undefined keeps it.
 * Its checks load only when a save names one, so the Worker's start-up does not carry them.
 */
async function thumbnailOf(
  c: Context<AppEnv>,
  body: { thumbnail_url?: string | null | undefined },
  current: { thumbnailKey: string | null } | null,
) {
  if (body.thumbnail_url === undefined) return undefined;
  const { thumbnailOnSave } = await import('../services/link-preview/save');
  return thumbnailOnSave(c.env, c.var.cardId, body, current);
}
const origin = (c: Context<AppEnv>) => new URL(c.req.url).origin;

export const links = new Hono<AppEnv>()
  .use(requireAuth, withCard)
  .use(limitBody(16 * 1024))
  // `all=true` (docs/product.md §9) is accepted and changes nothing: the list is never paged.
  .get('/', async (c) => {
    const rows = await withClicks(c.env, c.var.db, c.var.cardId, await listLinks(c.var.db, c.var.cardId));
    return c.json({ success: true, data: rows.map(serializeLink(origin(c))) } satisfies Answer<typeof linksResponse>);
  })
  .post('/', validate('json', linkBody), async (c) => {
    const body = c.req.valid('json');
    await refuseUnsafeLink(c.var.db, siteHosts(c.env, c.req.url), body);
    const thumbnail = await thumbnailOf(c, body, null);
    const link = await createLink(c.var.db, c.var.cardId, body, thumbnail ?? null);
    await linkEvent(c, 'link.created', serializeLink(origin(c))(link));
    return c.json(
      {
        success: true,
        link: serializeLink(origin(c))(link),
        message: 'Link created successfully',
      } satisfies Answer<typeof linkSavedResponse>,
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
    return c.json({
      success: true,
      data: rows.map(serializeLink(origin(c))),
      message: 'Links reordered',
    } satisfies Answer<typeof linksReorderedResponse>);
  })
  .put('/:id', idParam, validate('json', linkUpdateBody), async (c) => {
    const body = c.req.valid('json');
    await refuseUnsafeLink(c.var.db, siteHosts(c.env, c.req.url), body);
    const current = await getLinkOrThrow(c.var.db, c.var.cardId, c.req.valid('param').id);
    const thumbnail = await thumbnailOf(c, body, current);
    const updated = await updateLink(c.var.db, c.var.cardId, current.id, body, thumbnail);
    if (thumbnail !== undefined && thumbnail !== current.thumbnailKey) {
      const { releaseThumbnail } = await import('../services/link-preview/thumbnail');
      await releaseThumbnail(c.var.db, c.env.MEDIA, c.var.cardId, current.thumbnailKey, current.id);
    }
    const [link = updated] = await withClicks(c.env, c.var.db, c.var.cardId, [updated]);
    const answer = serializeLink(origin(c))(link);
    await linkEvent(c, 'link.updated', answer);
    return c.json({ success: true, link: answer, message: 'Link updated successfully' } satisfies Answer<
      typeof linkSavedResponse
    >);
  })
  // 'Undo' in the 'Link deleted' toast.
  .post('/:id/restore', idParam, async (c) => {
    const restored = await restoreLink(c.var.db, c.env.EVENTS, c.var.cardId, c.req.valid('param').id);
    const [link = restored] = await withClicks(c.env, c.var.db, c.var.cardId, [restored]);
    const answer = serializeLink(origin(c))(link);
    // Back from a deletion: to a receiver, a link that exists again.
    await linkEvent(c, 'link.created', answer);
    return c.json({ success: true, link: answer, message: 'Link restored' } satisfies Answer<typeof linkSavedResponse>);
  })
  .delete('/:id', idParam, async (c) => {
    await deleteLink(c.var.db, c.env.EVENTS, c.var.cardId, c.req.valid('param').id);
    await linkEvent(c, 'link.deleted', { id: c.req.valid('param').id });
    return c.json({ success: true, message: 'Link deleted successfully' } satisfies Answer<typeof messageResponse>);
  });
