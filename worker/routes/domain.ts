import { Hono } from 'hono';
import { domainBody } from '@shared/schemas/domain-body';
import type { AppEnv } from '../env';
import { validate } from '../lib/validate';
import { requireAuth } from '../middleware/auth';
import { limitBody } from '../middleware/body-limit';
import { withCard } from '../middleware/card';

const JSON_MAX = 1024;

// The answers load when a domain route is used: a card view never evaluates them.
const answers = () => import('../services/domains-on-demand');

/**
 * /v1/cards/{id}/domain: the card's own domain (docs/decisions/0103-custom-domains.md). Another
 * account's card answers 404, as a missing one does (middleware/card.ts).
 */
export const cardDomain = new Hono<AppEnv>()
  .use(requireAuth, withCard)
  .get('/', async (c) => c.json(await (await answers()).domainOf(c)))
  .post('/', limitBody(JSON_MAX), validate('json', domainBody), async (c) =>
    c.json(await (await answers()).addTo(c, c.req.valid('json').hostname), 201),
  )
  .delete('/', async (c) => c.json(await (await answers()).removeFrom(c)));
