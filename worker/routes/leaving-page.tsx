import { Hono } from 'hono';
import type { Context } from 'hono';
import { safeHref } from '@shared/card/safe-url';
import type { AppEnv } from '../env';
import { loadLanguage } from '../lib/i18n';
import { linkIdOr404 } from '../lib/params';
import { SensitivePage } from '../pages/sensitive-page';
import { PAGE_CSP, pageHeaders, pageResponse, renderPage } from '../pages/render';
import { NotFoundPage } from '../pages/status-pages';
import { trackClick } from '../services/events/track';
import { findClickableLink } from '../services/public-card';

// /leaving/<link-id>: the interstitial in front of a link its owner marked sensitive
// (docs/product.md §2, the card; decision 0101). Plain HTML, so it works without JavaScript; in
// the card's language. 'Continue' passes through /leaving/<id>/continue, which counts the click
// as the card counts a button's (the same rules, services/events/track.ts) and sends the visitor
// on: a visitor who turns back is not counted. Only a sensitive link of a public card, while it is
// on the card, has either: any other id is 'not found', so this is no redirect to any stored URL.

type C = Context<AppEnv>;
const NO_STORE = 'no-store';

async function sensitiveLink(c: C, id: number) {
  const link = await findClickableLink(c.var.db, id, c.var.customHost?.cardId);
  if (!link?.sensitive) return null;
  // A destination listed after it was saved still goes through the blocklist's warning.
  const destination = link.flaggedAt != null ? `/go/${link.linkId}` : safeHref(link.url);
  return destination ? { ...link, destination } : null;
}

const notFound = async (c: C) => {
  await loadLanguage('en');
  return pageResponse(<NotFoundPage path={c.req.path} language="en" />, c.var.requestId, 404, NO_STORE);
};

export const leavingPage = new Hono<AppEnv>()
  .get('/:id', linkIdOr404('Link not found'), async (c) => {
    const link = await sensitiveLink(c, c.req.valid('param').id);
    if (!link) return notFound(c);
    await loadLanguage(link.language);
    const page = (
      <SensitivePage
        language={link.language}
        title={link.title}
        onward={`/leaving/${link.linkId}/continue`}
        back={`/p/${link.username}`}
      />
    );
    return new Response(await renderPage(page, c.var.requestId), {
      status: 200,
      headers: pageHeaders(NO_STORE, { 'Content-Security-Policy': PAGE_CSP, 'X-Robots-Tag': 'noindex' }),
    });
  })
  .get('/:id/continue', linkIdOr404('Link not found'), async (c) => {
    const link = await sensitiveLink(c, c.req.valid('param').id);
    if (!link) return notFound(c);
    await trackClick(c.env, {
      ownerId: link.ownerId,
      accountId: link.accountId,
      linkId: link.linkId,
      request: c.req.raw,
      requestId: c.var.requestId,
    });
    return new Response(null, {
      status: 303,
      headers: { Location: link.destination, 'Cache-Control': NO_STORE, 'Referrer-Policy': 'no-referrer' },
    });
  });
