import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Answer, messageResponse } from '@shared/schemas/responses';
import {
  type cardResponse,
  cardsQuery,
  type cardsResponse,
  createCardBody,
  deleteCardBody,
} from '@shared/schemas/cards';
import type { AppEnv } from '../env';
import { cardsPerAccount } from '../lib/config';
import { countShards } from '../lib/count-shards';
import { forbidden } from '../lib/errors';
import { validate } from '../lib/validate';
import { requireAuth } from '../middleware/auth';
import { limitBody } from '../middleware/body-limit';
import { withCard } from '../middleware/card';
import { shardDb } from '../services/events/counts';
import { cardTotals } from '../services/events/stats';
import { cardOfAccountOrThrow, createCard, deleteCard, listCards, makePrimary, serializeCard } from '../services/cards';

const JSON_MAX = 4 * 1024;
const TOKEN_LIMITED_TO_CARDS = 'This token is limited to chosen cards and cannot make another';
const origin = (url: string) => new URL(url).origin;

/** A token limited to chosen cards may not make another: it would act on a card nobody chose. */
const notLimitedToCards = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.apiToken?.cardIds) throw forbidden(TOKEN_LIMITED_TO_CARDS);
  await next();
});

/**
 * The signed-in account's cards (docs/decisions/0091-cards-apart-from-accounts.md). What belongs
 * to one card (its profile, links, theme, statistics, contacts, share kit) is under
 * `/v1/cards/{id}/…`, mounted in app.ts with the same sub-apps as `/v1/user/…`.
 */
export const cardsApi = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', validate('query', cardsQuery), async (c) => {
    const limited = c.var.apiToken?.cardIds;
    // A token limited to chosen cards sees those alone.
    const rows = (await listCards(c.var.db, c.var.userId)).filter((row) => !limited || limited.includes(row.id));
    // Each card's counts from its own counting database, side by side (at most CARDS_PER_ACCOUNT),
    // only when asked for (shared/schemas/cards.ts, cardsQuery).
    const totals =
      c.req.valid('query').counts === 'true'
        ? await Promise.all(rows.map((row) => cardTotals(shardDb(c.env, row.countShard), c.env.EVENTS, row.id)))
        : [];
    const list = rows.map((row, index) => ({ ...serializeCard(origin(c.req.url), row), ...totals[index] }));
    return c.json({
      success: true,
      data: { cards: list, limit: cardsPerAccount(c.env) },
      message: 'Cards retrieved successfully',
    } satisfies Answer<typeof cardsResponse>);
  })
  .post('/', notLimitedToCards, limitBody(JSON_MAX), validate('json', createCardBody), async (c) => {
    const card = await createCard(c.var.db, c.var.userId, c.req.valid('json'), {
      limit: cardsPerAccount(c.env),
      shards: countShards(c.env).length,
    });
    return c.json(
      {
        success: true,
        data: serializeCard(origin(c.req.url), card),
        message: 'Card created successfully',
      } satisfies Answer<typeof cardResponse>,
      201,
    );
  })
  .get('/:cardId', withCard, async (c) => {
    const card = await cardOfAccountOrThrow(c.var.db, c.var.userId, c.var.cardId);
    return c.json({
      success: true,
      data: serializeCard(origin(c.req.url), card),
      message: 'Card retrieved successfully',
    } satisfies Answer<typeof cardResponse>);
  })
  .delete('/:cardId', withCard, limitBody(JSON_MAX), validate('json', deleteCardBody), async (c) => {
    await deleteCard(c.var.db, c.env, c.var.userId, c.var.cardId, c.req.valid('json').username);
    return c.json({ success: true, message: 'Card deleted successfully' } satisfies Answer<typeof messageResponse>);
  })
  .post('/:cardId/primary', withCard, async (c) => {
    const card = await makePrimary(c.var.db, c.var.userId, c.var.cardId);
    return c.json({
      success: true,
      data: serializeCard(origin(c.req.url), card),
      message: 'Primary card changed successfully',
    } satisfies Answer<typeof cardResponse>);
  });
