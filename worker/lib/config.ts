import type { Bindings } from '../env';
import { AppError } from './errors';

export const isDevelopment = (env: Bindings) => env.ENVIRONMENT === 'development';
export const requiresActivation = (env: Bindings) => env.REQUIRE_ACTIVATION === 'true';

/** The share of successful requests logged and counted when LOG_SAMPLE_RATE is unset or not a number. */
export const DEFAULT_LOG_SAMPLE_RATE = 0.1;

/** LOG_SAMPLE_RATE, a share from 0 (no successful request) to 1 (every one); errors are never sampled. */
export function logSampleRate(env: Pick<Bindings, 'LOG_SAMPLE_RATE'>) {
  const text = env.LOG_SAMPLE_RATE?.trim();
  const rate = text ? Number(text) : NaN;
  return Number.isFinite(rate) ? Math.min(1, Math.max(0, rate)) : DEFAULT_LOG_SAMPLE_RATE;
}

/** How many cards an account may hold when CARDS_PER_ACCOUNT is unset or not a whole number of at least 1. */
export const DEFAULT_CARDS_PER_ACCOUNT = 10;

/** CARDS_PER_ACCOUNT (docs/configuration.md): lowering it never deletes a card, it only stops new ones. */
export function cardsPerAccount(env: Pick<Bindings, 'CARDS_PER_ACCOUNT'>) {
  const limit = Number(env.CARDS_PER_ACCOUNT?.trim() || NaN);
  return Number.isInteger(limit) && limit >= 1 ? limit : DEFAULT_CARDS_PER_ACCOUNT;
}

/**
 * Every host name this deployment answers on: the request's own, the ones listed in SITE_HOSTS
 * (its custom domains and workers.dev name, comma-separated), and in development the loopback names.
 */
export function siteHosts(env: Bindings, requestUrl: string) {
  const listed = (env.SITE_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim())
    .filter(Boolean);
  const loopback = isDevelopment(env) ? ['localhost', '127.0.0.1', '::1'] : [];
  return [new URL(requestUrl).hostname, ...listed, ...loopback];
}

// Clearly labelled, and only ever used when ENVIRONMENT=development (npm start, the tests).
const DEVELOPMENT_SECRETS = {
  JWT_SECRET: 'development-only-jwt-secret-never-use-in-production',
  VISITOR_SALT: 'development-only-visitor-salt',
} as const;

/**
 * A secret from `wrangler secret put`, or the development value when running locally.
 * Outside development a missing secret is a configuration error: the request fails with
 * a generic 500 (the log says which secret) rather than running with a guessable key.
 */
export function secret(env: Bindings, name: keyof typeof DEVELOPMENT_SECRETS): string {
  const value = env[name];
  if (value && value.length >= 32) return value;
  if (isDevelopment(env)) return value || DEVELOPMENT_SECRETS[name];
  // npm run deploy can see that a secret is set but never its value, so the length is checked here.
  throw new MisconfiguredError(
    value
      ? `secret ${name} is shorter than 32 characters; set a longer one with \`npx wrangler secret put ${name}\``
      : `secret ${name} is not set; set it with \`npx wrangler secret put ${name}\``,
  );
}

export class MisconfiguredError extends AppError {
  constructor(readonly detail: string) {
    super(500, 'Something went wrong. Please try again.');
    this.name = 'MisconfiguredError';
  }
}

/** Cloudflare's API; only development may point the client elsewhere (the tests' stand-in). */
export const CLOUDFLARE_API = 'https://api.cloudflare.com/client/v4';

export type CustomDomainsConfig = {
  /** The deployment's own names: every other name is a card's domain or nothing (middleware/host.ts). */
  ownHosts: string[];
  /** In development: `.localhost` names are active at once, and IP addresses are own names. */
  development: boolean;
  /** Where owners point their CNAME record; null in development without Cloudflare. */
  target: string | null;
  /** Names (and everything under them) an owner may not use, besides the deployment's own. */
  blocklist: string[];
  cloudflare: { api: string; zoneId: string; token: string } | null;
};

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase().replace(/\.$/, ''))
    .filter(Boolean);

/**
 * Cards on their owners' domains (docs/decisions/0103-custom-domains.md), or null when this
 * deployment does not offer them: then every host name is served as before and nothing speaks
 * of domains. Outside development it needs the SaaS zone, the CNAME target, the API token and
 * SITE_HOSTS (without the list of its own names the Worker could not tell a card's domain from
 * them). In development it is always on, for `.localhost` names, and uses Cloudflare's API (or
 * the stand-in CUSTOM_DOMAINS_API names) only when a zone and a token are set.
 */
export function customDomains(env: Bindings): CustomDomainsConfig | null {
  const development = isDevelopment(env);
  const zoneId = env.CUSTOM_DOMAINS_ZONE_ID?.trim();
  const token = env.CUSTOM_DOMAINS_API_TOKEN?.trim();
  const target = env.CUSTOM_DOMAINS_TARGET?.trim().toLowerCase().replace(/\.$/, '') || null;
  const siteHostList = list(env.SITE_HOSTS);
  const cloudflare =
    zoneId && token && target
      ? { api: (development && env.CUSTOM_DOMAINS_API?.trim()) || CLOUDFLARE_API, zoneId, token }
      : null;
  if (!development && (!cloudflare || siteHostList.length === 0)) return null;
  const loopback = development ? ['localhost', '127.0.0.1', '::1', '[::1]'] : [];
  return {
    ownHosts: [...siteHostList, ...loopback],
    development,
    target,
    blocklist: list(env.CUSTOM_DOMAINS_BLOCKLIST),
    cloudflare,
  };
}
