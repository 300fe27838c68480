import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { forbidden } from '../lib/errors';
import { TOKEN_NOT_FOR_CARD } from './api-token';
import { cardOfAccountOrThrow, primaryCardId } from '../services/cards';

/**
 * After requireAuth: the card the request acts on. Under `/v1/cards/{cardId}/…` the card the path
 * names, if the signed-in account holds it (another account's answers 404, as a missing one
 * does); under `/v1/user/…` the account's primary card, so the spec's routes keep acting on
 * the card they always did (docs/decisions/0091-cards-apart-from-accounts.md). A personal access
 * token limited to chosen cards gets 403 for any other card of the account, the primary one too.
 */
export const withCard = createMiddleware<AppEnv>(async (c, next) => {
  const named = c.req.param('cardId');
  const card =
    named === undefined
      ? await primaryCardId(c.var.db, c.var.userId)
      : (await cardOfAccountOrThrow(c.var.db, c.var.userId, named)).id;
  const limited = c.var.apiToken?.cardIds;
  if (limited && !limited.includes(card)) throw forbidden(TOKEN_NOT_FOR_CARD);
  c.set('cardId', card);
  await next();
});
