import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { isDevelopment, siteHosts } from '../../lib/config';
import type { FetchRules } from './fetch-page';

/**
 * The header a browser journey sets to have every linked page read from its own local server
 * (fetch-page.ts, `via`): ignored unless ENVIRONMENT=development, as X-Simulate-Distance is.
 */
export const PAGE_FETCH_VIA_HEADER = 'X-Page-Fetch-Via';

/** How this request may fetch a linked page: never this deployment; loopback in development only. */
export function fetchRules(c: Context<AppEnv>): FetchRules {
  const development = isDevelopment(c.env);
  const via = development ? (c.req.header(PAGE_FETCH_VIA_HEADER) ?? null) : null;
  return {
    development,
    ownHosts: siteHosts(c.env, c.req.url),
    via: via && /^http:\/\/127\.0\.0\.1:\d+$/.test(via) ? via : null,
  };
}
