import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { cardOfAccountOrThrow, primaryCardId } from '../services/cards';

/**
 * After requireAuth: the card the request acts on. Under `/v1/cards/{cardId}/…` the card the path
 * names, if the signed-in account holds it (another account's answers 404, as a missing one
 * does); under `/v1/user/…` the account's primary card, so the spec's routes keep acting on
 * the card they always did (docs/decisions/0091-cards-apart-from-accounts.md).
 */
export const withCard = createMiddleware<AppEnv>(async (c, next) => {
  const named = c.req.param('cardId');
  const card =
    named === undefined
      ? await primaryCardId(c.var.db, c.var.userId)
      : (await cardOfAccountOrThrow(c.var.db, c.var.userId, named)).id;
  c.set('cardId', card);
  await next();
});
