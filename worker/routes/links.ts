import { Hono } from 'hono';
import { linkBody, linkUpdateBody } from '../../shared/schemas/links';
import type { AppEnv } from '../env';
import { linkIdOr404 } from '../lib/params';
import { validate } from '../lib/validate';
import { requireAuth } from '../middleware/auth';
import { limitBody } from '../middleware/body-limit';
import { createLink, deleteLink, LINK_NOT_FOUND, listLinks, serializeLink, updateLink } from '../services/links';

const idParam = linkIdOr404(LINK_NOT_FOUND);

export const links = new Hono<AppEnv>()
  .use(requireAuth)
  .use(limitBody(16 * 1024))
  // `all=true` (spec section 9) is accepted and changes nothing: the list is never paged.
  .get('/', async (c) => {
    const rows = await listLinks(c.var.db, c.var.userId);
    return c.json({ success: true, data: rows.map(serializeLink) });
  })
  .post('/', validate('json', linkBody), async (c) => {
    const link = await createLink(c.var.db, c.var.userId, c.req.valid('json'));
    return c.json({ success: true, link: serializeLink(link), message: 'Link created successfully' }, 201);
  })
  .put('/:id', idParam, validate('json', linkUpdateBody), async (c) => {
    const link = await updateLink(c.var.db, c.var.userId, c.req.valid('param').id, c.req.valid('json'));
    return c.json({ success: true, link: serializeLink(link), message: 'Link updated successfully' });
  })
  .delete('/:id', idParam, async (c) => {
    await deleteLink(c.var.db, c.var.userId, c.req.valid('param').id);
    return c.json({ success: true, message: 'Link deleted successfully' });
  });
