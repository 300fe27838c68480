import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Answer, errorResponse } from '@shared/schemas/responses';
import type { AppEnv } from './env';
import { AppError } from './lib/errors';
import { allowedMethods } from './lib/allowed-methods';
import { MisconfiguredError } from './lib/config';
import {
  isNotSetUp,
  isUnavailable,
  NOT_SET_UP_MESSAGE,
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_MESSAGE,
} from './lib/unavailable';
import { database } from './middleware/db';
import { apiLanguage } from './middleware/language';
import { requestContext } from './middleware/request-log';
import { securityHeaders } from './middleware/security-headers';
import { icons, media, templateThumbnails } from './routes/assets';
import { account } from './routes/account';
import { cardsApi } from './routes/cards';
import { admin } from './routes/admin';
import { adminPage } from './routes/admin-page';
import { auth } from './routes/auth';
import { authPasskey } from './routes/auth-passkey';
import { templates, themes } from './routes/catalogue';
import { publicConfig } from './routes/config';
import { dev } from './routes/dev';
import { links } from './routes/links';
import { linkPreview } from './routes/link-preview';
import { ogImage } from './routes/og-image';
import { openapi } from './routes/openapi';
import { userPasskeys } from './routes/passkeys';
import { profile } from './routes/profile';
import { stats } from './routes/stats';
import { contactPage } from './routes/contact-page';
import { userContacts } from './routes/contacts';
import { prerenderedPages } from './routes/prerendered-pages';
import { linkImport } from './routes/link-import';
import { mcpEndpoint } from './routes/mcp';
import { linkClicks, publicCard } from './routes/public';
import { domainRoot, publicPage, qrPage } from './routes/public-page';
import { healthCheck, version } from './routes/health';
import { goPage, reportPage } from './routes/report-page';
import { leavingPage } from './routes/leaving-page';
import { security } from './routes/security';
import { userSessions } from './routes/sessions';
import { userTokens } from './routes/tokens';
import { userWebhooks } from './routes/webhooks';
import { orgs } from './routes/orgs';
import { staticFiles } from './routes/static-files';
import { wallet } from './routes/wallet';
import { shareKit } from './routes/share-kit';
import { cardDomain } from './routes/domain';
import { hostGate } from './middleware/host';
import { withSessionPreload } from './lib/app-page';

const GENERIC_ERROR = 'Something went wrong. Please try again.';

export const app = new Hono<AppEnv>()
  .use(requestContext)
  .use(securityHeaders)
  .use(database)
  // A card's own domain serves that card and nothing else; an unknown host, nothing.
  .use(hostGate)
  .use('/v1/*', apiLanguage)
  .route('/v1/auth/passkey', authPasskey)
  .route('/v1/auth', auth)
  .route('/v1/user/profile', profile)
  .route('/v1/user/stats', stats)
  .route('/v1/user/links/import', linkImport)
  .route('/v1/user/links', linkPreview)
  .route('/v1/user/links', links)
  .route('/v1/user/themes', themes)
  .route('/v1/user/templates', templates)
  .route('/v1/user/security/passkeys', userPasskeys)
  .route('/v1/user/security', security)
  .route('/v1/user/sessions', userSessions)
  .route('/v1/user/tokens', userTokens)
  .route('/v1/user/webhooks', userWebhooks)
  .route('/v1/user/wallet', wallet)
  .route('/v1/user/share', shareKit)
  .route('/v1/user/contacts', userContacts)
  // A card's own resources, at the paths and with the bodies of /v1/user/… (which act on the
  // primary card): the same sub-apps, the card named by the path (middleware/card.ts).
  .route('/v1/cards/:cardId/profile', profile)
  .route('/v1/cards/:cardId/stats', stats)
  .route('/v1/cards/:cardId/links/import', linkImport)
  .route('/v1/cards/:cardId/links', linkPreview)
  .route('/v1/cards/:cardId/links', links)
  .route('/v1/cards/:cardId/themes', themes)
  .route('/v1/cards/:cardId/templates', templates)
  .route('/v1/cards/:cardId/wallet', wallet)
  .route('/v1/cards/:cardId/share', shareKit)
  .route('/v1/cards/:cardId/contacts', userContacts)
  .route('/v1/cards/:cardId/domain', cardDomain)
  .route('/v1/cards', cardsApi)
  .route('/v1/orgs', orgs)
  .route('/v1/config', publicConfig)
  .route('/v1/health', healthCheck)
  .route('/v1/version', version)
  .route('/v1/openapi.json', openapi)
  .route('/v1/user', account)
  .route('/v1/admin', admin)
  .route('/v1/p', publicCard)
  .route('/v1/link', linkClicks)
  .route('/p', ogImage)
  .route('/p', reportPage)
  .route('/p', contactPage)
  .route('/p', publicPage)
  .route('/go', goPage)
  .route('/leaving', leavingPage)
  .route('/qr', qrPage)
  .route('/media', media)
  .route('/icons', icons)
  .route('/templates', templateThumbnails)
  .route('/v1/dev', dev)
  .route('/mcp', mcpEndpoint)
  // Where uptime monitors look first: the health check itself, never the app's page with a 200.
  .route('/health', healthCheck)
  .route('/healthz', healthCheck)
  .route('/', domainRoot)
  .route('/', prerenderedPages)
  .route('/', adminPage)
  .route('/assets', staticFiles)
  .route('/fonts', staticFiles)
  .route('/card', staticFiles);

// Every error answer is logged once, by `requestContext`, with this request's id.
app.onError((error, c) => {
  if (error instanceof AppError && !(error instanceof MisconfiguredError)) {
    if (error.retryAfter !== undefined) c.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfter))));
    else if (error.status === 503) c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    const body = {
      success: false as const,
      message: error.message,
      ...(error.errors ? { errors: error.errors } : {}),
    } satisfies Answer<typeof errorResponse>;
    return c.json(body, error.status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    // Hono's own refusals (malformed JSON, body too large): keep the status, never its internals.
    const status = error.status;
    const message =
      status === 400
        ? 'The request body is malformed.'
        : status === 413
          ? 'The request body is too large.'
          : error.message;
    return c.json({ success: false, message } satisfies Answer<typeof errorResponse>, status);
  }
  if (isUnavailable(error)) {
    // D1, KV or R2 briefly down: the request was fine; ask the client to try again soon.
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return c.json({ success: false, message: UNAVAILABLE_MESSAGE } satisfies Answer<typeof errorResponse>, 503);
  }
  if (isNotSetUp(error)) {
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return c.json({ success: false, message: NOT_SET_UP_MESSAGE } satisfies Answer<typeof errorResponse>, 503);
  }
  return c.json({ success: false, message: GENERIC_ERROR } satisfies Answer<typeof errorResponse>, 500);
});

/**
 * The paths the Worker answers itself. Every request reaches the Worker first (wrangler.toml,
 * run_worker_first = true) so that the host gate sees it: a card's domain must never be answered
 * by the dashboard's files (docs/decisions/0103-custom-domains.md). Any other path on the
 * deployment's own names is the dashboard's, from Workers Assets (which answers a path it has no
 * file for with the dashboard's index.html).
 */
const WORKER_PATHS =
  /^\/(?:v1|p|go|leaving|qr|media|icons|templates|assets|fonts|card|admin)\/|^\/(?:mcp|admin|health|healthz|admin\.html)$/;

app.notFound(async (c) => {
  if (c.env.ASSETS && !WORKER_PATHS.test(c.req.path)) {
    const answer = await c.env.ASSETS.fetch(c.req.raw);
    // A copy: a fetched response's headers are immutable, and the middleware adds the request id.
    // The app's page names the session check it will make (lib/app-page.ts).
    return withSessionPreload(c, new Response(answer.body, answer));
  }
  const allow = allowedMethods(app.routes, c.req.path);
  // That lookup forgives a trailing slash the app's strict router does not: when it allows the
  // very method sent, the path itself is unknown (GET /v1/user/profile/).
  if (allow.length > 0 && !allow.includes(c.req.method)) {
    c.header('Allow', allow.join(', '));
    return c.json({ success: false, message: 'Method not allowed' } satisfies Answer<typeof errorResponse>, 405);
  }
  return c.json({ success: false, message: 'Not found' } satisfies Answer<typeof errorResponse>, 404);
});

export type App = typeof app;
