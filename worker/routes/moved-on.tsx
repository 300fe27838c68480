import type { Context } from 'hono';
import type { AppEnv } from '../env';
import type { loadLanguage, tFor } from '../lib/i18n';
import type { Document } from '../pages/document';
import { MovedOnPage } from '../pages/moved-on-page';
import { movedOnCard } from '../services/orgs/moved-on';
import type { pageResponse } from '../pages/render';

/** The page's parts of the Worker's start, handed in by the card's route (services/orgs/parts.ts says why). */
export type PageParts = {
  loadLanguage: typeof loadLanguage;
  tFor: typeof tFor;
  Document: typeof Document;
  pageResponse: typeof pageResponse;
};

/**
 * A paused work card's page (docs/product.md §2, Organisations): the organisation's name and the
 * link it chose, with 410 Gone and never cached, so a reassigned card shows again at once. Loaded
 * only when a username names no card in service, so a card view never loads it.
 */
export async function movedOnPage(c: Context<AppEnv>, username: string, page: PageParts) {
  const row = await movedOnCard(c.var.db, username);
  if (!row) return null;
  await page.loadLanguage(row.language);
  return page.pageResponse(
    <MovedOnPage
      company={row.company}
      url={row.url}
      t={page.tFor(row.language)}
      language={row.language}
      Document={page.Document}
    />,
    c.var.requestId,
    410,
    'no-store',
  );
}
