import { Hono } from 'hono';
import type { Context } from 'hono';
import { DOMAINS_OFF, domainBody, type domainResponse, type domainSavedResponse } from '@shared/schemas/domains';
import type { Answer } from '@shared/schemas/responses';
import type { AppEnv } from '../env';
import { customDomains } from '../lib/config';
import { notFound } from '../lib/errors';
import { validate } from '../lib/validate';
import { requireAuth } from '../middleware/auth';
import { limitBody } from '../middleware/body-limit';
import { withCard } from '../middleware/card';
import { cardOfAccountOrThrow } from '../services/cards';

const JSON_MAX = 1024;

// Loaded when a domain route is used: a card view never evaluates it.
const domains = () => import('../services/custom-domains');

function configOrThrow(c: Context<AppEnv>) {
  const config = customDomains(c.env);
  if (!config) throw notFound(DOMAINS_OFF);
  return config;
}

/**
 * /v1/cards/{id}/domain: the card's own domain (docs/decisions/0103-custom-domains.md). Another
 * account's card answers 404, as a missing one does (middleware/card.ts).
 */
export const cardDomain = new Hono<AppEnv>()
  .use(requireAuth, withCard)
  .get('/', async (c) => {
    const config = customDomains(c.env);
    const { domainOfCard, serializeDomain } = await domains();
    const row = config ? await domainOfCard(c.var.db, c.var.cardId) : undefined;
    return c.json({
      success: true,
      data: { available: config !== null, domain: config && row ? serializeDomain(row, config, c.req.url) : null },
    } satisfies Answer<typeof domainResponse>);
  })
  .post('/', limitBody(JSON_MAX), validate('json', domainBody), async (c) => {
    const config = configOrThrow(c);
    const card = await cardOfAccountOrThrow(c.var.db, c.var.userId, c.var.cardId);
    const { addDomain, serializeDomain } = await domains();
    const row = await addDomain(c.var.db, config, {
      accountId: c.var.userId,
      cardId: card.id,
      input: c.req.valid('json').hostname,
      requestUrl: c.req.url,
    });
    return c.json(
      {
        success: true,
        data: { available: true, domain: serializeDomain(row, config, c.req.url) },
        message: 'Domain added successfully',
      } satisfies Answer<typeof domainSavedResponse>,
      201,
    );
  })
  .delete('/', async (c) => {
    const config = configOrThrow(c);
    const { removeDomain } = await domains();
    await removeDomain(c.var.db, config, c.var.cardId);
    return c.json({
      success: true,
      data: { available: true, domain: null },
      message: 'Domain removed successfully',
    } satisfies Answer<typeof domainSavedResponse>);
  });
