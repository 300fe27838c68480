import { and, eq, inArray, isNull, like, lt, or } from 'drizzle-orm';
import { cards, dailyStats, webhookEndpoints } from '../../db/schema';
import type { Bindings, Db } from '../../env';
import { shardDb } from '../events/counts';
import { newDelivery, queueDeliveries, webhookBody } from './emit';

const DAY_MS = 86_400_000;
/** Endpoints summed up per cron turn: each costs a few queries (docs/decisions/0098-signed-webhooks.md). */
const ENDPOINTS_PER_TURN = 2;

const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * stats.daily: once the UTC day is over, one summary per card each endpoint covers (its views,
 * clicks and unique visitors that day, from the card's daily rollup), sent by the cron's webhooks
 * turn, a few endpoints a turn; the endpoint remembers the last day sent, so a day is sent once.
 */
export async function sendDailyStats(env: Bindings, db: Db, now: number, limit = ENDPOINTS_PER_TURN) {
  const yesterday = Math.floor(now / DAY_MS) - 1;
  const date = dayText(yesterday);
  const due = await db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        isNull(webhookEndpoints.disabledAt),
        like(webhookEndpoints.events, '%"stats.daily"%'),
        or(isNull(webhookEndpoints.statsSentOn), lt(webhookEndpoints.statsSentOn, date)),
      ),
    )
    .limit(limit)
    .all();
  let sent = 0;
  for (const endpoint of due) {
    const owned = await db
      .select({ id: cards.id, username: cards.username, shard: cards.countShard })
      .from(cards)
      .where(
        endpoint.cardIds
          ? and(eq(cards.userId, endpoint.userId), inArray(cards.id, endpoint.cardIds))
          : eq(cards.userId, endpoint.userId),
      )
      .all();
    const rows = [];
    for (const card of owned) {
      const day = await shardDb(env, card.shard)
        .select({ views: dailyStats.views, clicks: dailyStats.clicks, visitors: dailyStats.visitors })
        .from(dailyStats)
        .where(and(eq(dailyStats.userId, card.id), eq(dailyStats.day, yesterday)))
        .get();
      const data = {
        card: { id: card.id, username: card.username },
        date,
        views: day?.views ?? 0,
        clicks: day?.clicks ?? 0,
        unique_visitors: day?.visitors ?? 0,
      };
      rows.push(newDelivery(endpoint.id, endpoint.userId, 'stats.daily', webhookBody('stats.daily', data, now), now));
    }
    await db.update(webhookEndpoints).set({ statsSentOn: date }).where(eq(webhookEndpoints.id, endpoint.id));
    await queueDeliveries(env, db, rows);
    sent += rows.length;
  }
  return sent;
}
