import { Hono } from 'hono';
import type { Context } from 'hono';
import { USERNAME_MAX, USERNAME_PATTERN } from '@shared/constants';
import type { AppEnv } from '../env';
import { nearestReplica } from '../middleware/db';
import { isDevelopment } from '../lib/config';
import { browserLanguage, loadLanguage, tFor } from '../lib/i18n';
import { logError } from '../lib/log';
import { isNotSetUp, isUnavailable, RETRY_AFTER_SECONDS } from '../lib/unavailable';
import { CardPage } from '../pages/card-page';
import {
  cacheSeconds,
  cachedPage,
  cardVersion,
  latestPageKey,
  pageCacheKey,
  stalePage,
  storePage,
} from '../pages/page-cache';
import { QrPage } from '../pages/qr-page';
import { Document } from '../pages/document';
import { cardCsp, pageHeaders, pageResponse, renderPage } from '../pages/render';
import { CardErrorPage, NotFoundPage, PrivatePage } from '../pages/status-pages';
import { buildVCard } from '../lib/vcard';
import { ogImageAlt, ogImageUrl } from '../og/og-meta';
import { trackSave, trackView } from '../services/events/track';
import { countAfter, isOwnerViewing, waitUntil } from './card-visit';
import { avatarPhoto } from '../services/media-read';
import { CARD_MEMO_MS, memoized } from '../services/card-memo';
import { getPublicCard, type PublicCard, type PublicCardResult } from '../services/public-card';
import { operatorCard } from './operator-card';
import { heldUsernameTarget } from '../services/username-holds';
import { domainOrigin } from '../lib/domain-origin';

type C = Context<AppEnv>;

/** Usernames are stored lower-case; anything that cannot be one names no card (no query). */
export function usernameOf(param: string) {
  const wanted = param.trim().toLowerCase();
  return wanted.length <= USERNAME_MAX && USERNAME_PATTERN.test(wanted) ? wanted : null;
}

const origin = (c: C) => new URL(c.req.url).origin;
/** Where the card's own files are (its vCard, preview image): on its domain once that is active. */
const cardBase = (c: C, username: string, domain: string | null) =>
  `${domain ? domainOrigin(domain, c.req.url) : origin(c)}/p/${username}`;
/**
 * The card's address (its canonical URL, QR, share links): its domain's root once that is active
 * (docs/decisions/0103-custom-domains.md), else /p/{username} here.
 */
export const cardUrl = (c: C, username: string, domain: string | null) =>
  domain ? `${domainOrigin(domain, c.req.url)}/` : cardBase(c, username, null);

// Browsers revalidate every time, so each visit reaches the Worker and is counted.
const REVALIDATE = 'no-cache';
const NO_STORE = 'no-store';

const notFoundPage = async (c: C) =>
  pageResponse(<NotFoundPage path={c.req.path} language={await pageLanguage(c)} />, c.var.requestId, 404, NO_STORE);

/**
 * A username given up within the hold period (README, Decisions: usernames are not recycled)
 * redirects permanently to its owner's current card, keeping the query (`?src=qr` of a printed
 * code). Not cached: once the hold ends the name may name someone else's card.
 */
export async function movedCard(c: C, username: string | null, prefix: string, suffix = '') {
  const target = username ? await heldUsernameTarget(c.var.db, username) : null;
  if (!target) return null;
  const search = new URL(c.req.url).search;
  return new Response(null, {
    status: 301,
    headers: { Location: `${prefix}${target}${suffix}${search}`, 'Cache-Control': NO_STORE },
  });
}
async function privatePage(c: C, card: PublicCard) {
  await loadLanguage(card.language);
  return pageResponse(
    <PrivatePage username={card.username} language={card.language} />,
    c.var.requestId,
    403,
    NO_STORE,
  );
}

/**
 * A private card: its owner sees it with a banner saying so (never cached, never counted, not
 * indexed); anyone else gets the Private screen (docs/product.md §2).
 */
async function privateCard(c: C, result: Extract<PublicCardResult, { status: 'private' }>) {
  if (!(await isOwnerViewing(c, result.accountId))) return privatePage(c, result.card);
  const url = cardUrl(c, result.username, result.domain);
  await loadLanguage(result.card.language);
  const og = {
    url: ogImageUrl(cardBase(c, result.username, result.domain), await cardVersion(result.card)),
    alt: ogImageAlt(result.card),
  };
  const page = <CardPage card={result.card} url={url} og={og} ownerNotice />;
  return new Response(await renderPage(page, c.var.requestId), {
    status: 200,
    headers: pageHeaders('private, no-store', {
      'X-Robots-Tag': 'noindex',
      'Content-Security-Policy': cardCsp(result.card.links),
    }),
  });
}

type CardRead = { result: PublicCardResult; version: string | null };

/**
 * The card and its page version: shared by this isolate's views of it for CARD_MEMO_MS
 * (services/card-memo.ts), except for a reader carrying the owner's bookmark, who reads D1 (a
 * replica at least as fresh as their last write). Only a public card is kept.
 */
function currentCard(c: C, username: string): Promise<CardRead> {
  const read = async (): Promise<CardRead> => {
    const result = await getPublicCard(c.var.db, origin(c), username);
    return { result, version: result.status === 'public' ? await cardVersion(result.card) : null };
  };
  if (c.var.bookmark) return read();
  const configured = isDevelopment(c.env) ? c.env.CARD_MEMO_MS : undefined;
  const window = configured === undefined ? CARD_MEMO_MS : Number(configured) || 0;
  // A copy read just before a scheduled link's start or end is not kept past it.
  const keep = ({ result }: CardRead) =>
    result.status === 'public' && (result.changesAt === null || result.changesAt > Date.now() + window);
  return memoized(`${origin(c)}/${username}`, window, read, keep);
}

/**
 * A page with no card to speak for (an error, a missing card): the language this browser chose on
 * the site (the footer's switch, the account's setting), else its Accept-Language; loaded.
 */
async function pageLanguage(c: C) {
  const language = browserLanguage(c.req.raw);
  await loadLanguage(language);
  return language;
}

/**
 * D1 is down (README, When a part fails): the last page served of the card, marked stale with its
 * age and not counted (the view is logged as dropped); without one, a 503 page with Retry-After.
 */
async function staleOrUnavailable(c: C, username: string, error: unknown) {
  logError(c.var.requestId, error, { event: 'view', dropped: true, reason: 'database unavailable' });
  const stale = await stalePage(latestPageKey(origin(c), username));
  if (stale)
    return new Response(stale.html, {
      status: 200,
      headers: pageHeaders(NO_STORE, { 'X-Card-Cache': 'STALE', Age: String(stale.age) }),
    });
  const page = await renderPage(<CardErrorPage kind="unavailable" language={await pageLanguage(c)} />, c.var.requestId);
  return new Response(page, {
    status: 503,
    headers: pageHeaders(NO_STORE, { 'Retry-After': String(RETRY_AFTER_SECONDS) }),
  });
}

/** Any other failure to read the card: a page a visitor can act on, not the API's JSON. */
async function cardError(c: C, error: unknown) {
  logError(c.var.requestId, error, { event: 'view', dropped: true, reason: 'card read failed' });
  const page = await renderPage(<CardErrorPage kind="error" language={await pageLanguage(c)} />, c.var.requestId);
  return new Response(page, { status: 500, headers: pageHeaders(NO_STORE) });
}

/**
 * The card's page, at /p/{username} or at the root of its own domain (middleware/host.ts): read
 * from the nearest D1 replica, edge-cached per card version and address, every view counted after
 * the answer.
 */
export async function cardPage(c: C, username: string | null) {
  // One indexed statement, answered by the nearest replica and shared by the isolate's views of
  // the card for a moment: a cache hit still needs it for the version. While D1 is down, the
  // last page served of the card stands in.
  let read: CardRead;
  try {
    read = username ? await currentCard(c, username) : { result: { status: 'missing' }, version: null };
  } catch (error) {
    if (!username) throw error;
    return isUnavailable(error) || isNotSetUp(error) ? staleOrUnavailable(c, username, error) : cardError(c, error);
  }
  const { result } = read;
  if (result.status === 'missing') {
    const elsewhere =
      (await movedCard(c, username, '/p/')) ??
      (username
        ? await (await import('./moved-on')).movedOnPage(c, username, { loadLanguage, tFor, Document, pageResponse })
        : null) ??
      (username ? await operatorCard(c, username) : null);
    return elsewhere ?? notFoundPage(c);
  }
  if (result.status === 'private') return privateCard(c, result);
  const { card } = result;

  countAfter(c, trackView, result);
  const version = read.version ?? (await cardVersion(card));
  // The page holds its address: a domain added or removed draws another page.
  const key = pageCacheKey(origin(c), card.username, result.domain ? `${version}@${result.domain}` : version);
  let body: BodyInit | null = await cachedPage(key);
  const hit = body !== null;
  if (!body) {
    await loadLanguage(card.language);
    const url = cardUrl(c, card.username, result.domain);
    const og = { url: ogImageUrl(cardBase(c, card.username, result.domain), version), alt: ogImageAlt(card) };
    const page = <CardPage card={card} url={url} og={og} />;
    const [toVisitor, toCache] = (await renderPage(page, c.var.requestId)).tee();
    const maxAge = cacheSeconds(result.changesAt);
    waitUntil(c, storePage(key, toCache, latestPageKey(origin(c), card.username), maxAge));
    body = toVisitor;
  }
  return new Response(body, {
    status: 200,
    headers: pageHeaders(REVALIDATE, {
      'X-Card-Cache': hit ? 'HIT' : 'MISS',
      'Content-Security-Policy': cardCsp(card.links),
    }),
  });
}

/**
 * The public card as a document: read from the nearest D1 replica, edge-cached per card version,
 * every view counted after the answer (README, Decisions: the nearest edge).
 */
export const publicPage = new Hono<AppEnv>()
  .use(nearestReplica)
  .get('/:file{[^/]+\\.vcf}', async (c) => {
    const username = usernameOf(c.req.param('file').slice(0, -'.vcf'.length));
    const result = username ? await getPublicCard(c.var.db, origin(c), username) : ({ status: 'missing' } as const);
    if (result.status === 'missing') return (await movedCard(c, username, '/p/', '.vcf')) ?? notFoundPage(c);
    if (result.status === 'private') return privatePage(c, result.card);
    const { card } = result;
    const photo = await avatarPhoto(c.env.MEDIA, card.avatar_url);
    const label = (await loadLanguage(card.language))('card.vcard_label');
    // A save of the contact, counted as a view is (the owner's own, bots' and prefetches' not).
    countAfter(c, trackSave, result);
    return new Response(buildVCard(card, cardUrl(c, card.username, result.domain), photo, label), {
      headers: {
        'Content-Type': 'text/vcard; charset=utf-8',
        'Content-Disposition': `attachment; filename="${card.username}.vcf"`,
        'Cache-Control': REVALIDATE,
      },
    });
  })
  .get('/:username', (c) => cardPage(c, usernameOf(c.req.param('username'))))
  // A shared link with a trailing slash still reaches the card (and its canonical address).
  .get('/:username/', (c) => c.redirect(`/p/${encodeURIComponent(c.req.param('username'))}`, 301))
  .get('/', (c) => notFoundPage(c));

/**
 * `/` on a card's own domain (middleware/host.ts set which card): its page. On the deployment's
 * own names the next handler answers `/` (the landing page).
 */
export const domainRoot = new Hono<AppEnv>().get('/', async (c, next) => {
  const card = c.var.customHost;
  if (!card) return next();
  // The visitor's read, as at /p/{username}: the nearest replica.
  await nearestReplica(c, async () => {});
  return cardPage(c, card.username);
});

/** /qr/{username}: the Fullscreen QR of a public card (docs/product.md §2). */
export const qrPage = new Hono<AppEnv>().use(nearestReplica).get('/:username', async (c) => {
  const username = usernameOf(c.req.param('username'));
  const result = username ? await getPublicCard(c.var.db, origin(c), username) : ({ status: 'missing' } as const);
  if (result.status === 'missing') return (await movedCard(c, username, '/qr/')) ?? notFoundPage(c);
  if (result.status === 'private') return privatePage(c, result.card);
  await loadLanguage(result.card.language);
  const page = <QrPage card={result.card} url={cardUrl(c, result.card.username, result.domain)} />;
  return pageResponse(page, c.var.requestId, 200, REVALIDATE);
});
