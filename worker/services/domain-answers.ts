import type { Context } from 'hono';
import { DOMAINS_OFF } from '@shared/schemas/domain-body';
import type { domainResponse, domainSavedResponse } from '@shared/schemas/domains';
import type { Answer } from '@shared/schemas/responses';
import type { AppEnv } from '../env';
import { customDomains } from '../lib/config';
import { notFound } from '../lib/errors';
import { addDomain, domainOfCard, removeDomain, serializeDomain } from './custom-domains';
import { cardOfAccountOrThrow } from './cards';

// What /v1/cards/{id}/domain answers (routes/domain.ts), loaded on the first use of a domain route.

type C = Context<AppEnv>;

function configOrThrow(c: C) {
  const config = customDomains(c.env);
  if (!config) throw notFound(DOMAINS_OFF);
  return config;
}

export async function domainOf(c: C) {
  const config = customDomains(c.env);
  const row = config ? await domainOfCard(c.var.db, c.var.cardId) : undefined;
  return {
    success: true,
    data: { available: config !== null, domain: config && row ? serializeDomain(row, config, c.req.url) : null },
  } satisfies Answer<typeof domainResponse>;
}

export async function addTo(c: C, hostname: string) {
  const config = configOrThrow(c);
  const card = await cardOfAccountOrThrow(c.var.db, c.var.userId, c.var.cardId);
  const row = await addDomain(c.var.db, config, {
    accountId: c.var.userId,
    cardId: card.id,
    input: hostname,
    requestUrl: c.req.url,
  });
  return {
    success: true,
    data: { available: true, domain: serializeDomain(row, config, c.req.url) },
    message: 'Domain added successfully',
  } satisfies Answer<typeof domainSavedResponse>;
}

export async function removeFrom(c: C) {
  const config = configOrThrow(c);
  await removeDomain(c.var.db, config, c.var.cardId);
  return {
    success: true,
    data: { available: true, domain: null },
    message: 'Domain removed successfully',
  } satisfies Answer<typeof domainSavedResponse>;
}
