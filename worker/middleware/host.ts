import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { customDomains, type CustomDomainsConfig } from '../lib/config';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The deployment's own names; in development any IP address too (a phone on the same network). */
const isOwnHost = (config: CustomDomainsConfig, host: string) =>
  config.ownHosts.includes(host) || (config.development && (IPV4.test(host) || host.startsWith('[')));

/**
 * Which host a request came to (docs/decisions/0103-custom-domains.md). When this deployment
 * offers custom domains, one of its own names (SITE_HOSTS; in development also localhost and IP
 * addresses) is served as before; a card's active domain serves that card at `/` and its own
 * files, never the dashboard, the API or another card, and never sets a cookie; any other name
 * answers 404. A deployment without custom domains serves every name as before.
 */
export const hostGate = createMiddleware<AppEnv>(async (c, next) => {
  const config = customDomains(c.env);
  const host = new URL(c.req.url).hostname;
  if (!config || isOwnHost(config, host)) return next();
  // The card's part of the gate loads on the first request to a name that is not the deployment's own.
  const { cardHost } = await import('../services/domains-on-demand');
  return cardHost(c, host, next);
});
