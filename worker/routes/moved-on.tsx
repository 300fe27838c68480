import type { Context } from 'hono';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { cards, organisations } from '../db/schema';
import type { AppEnv } from '../env';
import { loadLanguage } from '../lib/i18n';
import { MovedOnPage } from '../pages/moved-on-page';
import { pageResponse } from '../pages/render';

/**
 * A paused work card's page (docs/product.md §2, Organisations): the organisation's name and the
 * link it chose, with 410 Gone and never cached, so a reassigned card shows again at once. Loaded
 * only when a username names no card in service, so a card view never loads it.
 */
export async function movedOnPage(c: Context<AppEnv>, username: string) {
  const row = await c.var.db
    .select({ company: organisations.name, url: organisations.movedOnUrl, language: cards.language })
    .from(cards)
    .innerJoin(organisations, eq(organisations.id, cards.orgId))
    .where(and(eq(cards.username, username), isNotNull(cards.pausedAt), isNull(cards.takenDownAt)))
    .get();
  if (!row) return null;
  await loadLanguage(row.language);
  return pageResponse(
    <MovedOnPage company={row.company} url={row.url} language={row.language} />,
    c.var.requestId,
    410,
    'no-store',
  );
}
