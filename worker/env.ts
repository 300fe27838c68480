import type { Db } from './db/types';
import type { CountBindingsOf } from './lib/count-shards';
import type { DrainMessage } from './lib/drain-message';
import type { WebhookQueueMessage } from './lib/webhook-message';
import type { TokenScope } from '@shared/schemas/tokens';

/** Bindings, vars and secrets, declared once (wrangler.toml, README "Configuration"). */
/** COUNTS_0 ... COUNTS_{N-1}: the counting databases (worker/lib/count-shards.ts). */
export type CountBindings = CountBindingsOf<D1Database>;
export type Bindings = CountBindings & {
  /** The accounts database: accounts, cards, links and what belongs to them; no counting data. */
  DB: D1Database;
  MEDIA: R2Bucket;
  /** Cloudflare Images: decodes, rotates, crops and re-encodes uploads (locally on top of sharp). */
  IMAGES: ImagesBinding;
  EVENTS: KVNamespace;
  /** The drain queue: the cron sends one message per non-empty buffer shard, this Worker consumes them. */
  DRAINS: Queue<DrainMessage>;
  /** The webhook queue: one message per attempt of a delivery (services/webhooks/deliver.ts), and one per organisation invitation whose mail is owed (services/orgs/invitation-mail.ts). */
  WEBHOOKS: Queue<WebhookQueueMessage>;
  ASSETS?: Fetcher;
  /** Workers Analytics Engine: requests and errors by route, drains, the buffer, D1 sizes (lib/metrics.ts). Locally a no-op. */
  METRICS?: AnalyticsEngineDataset;
  /** The share of successful requests logged and written to METRICS, 0 to 1 (errors always are); 0.1 when unset. */
  LOG_SAMPLE_RATE?: string;
  /** 'development' turns on the mail outbox and development secret fallbacks. */
  ENVIRONMENT: string;
  /** How many cards an account may hold; 10 when unset (lib/config.ts, cardsPerAccount). */
  CARDS_PER_ACCOUNT?: string;
  /** 'true': new accounts wait for an operator before they can sign in. */
  REQUIRE_ACTIVATION: string;
  MAIL_FROM: string;
  /** Every host name of the deployment, comma-separated (link icons may not point at them but for images). */
  SITE_HOSTS?: string;
  /**
   * Cards on their owners' domains (docs/deploying.md, Custom domains): the Cloudflare for SaaS
   * zone's id, the name owners point their CNAME at, names owners may not use (comma-separated),
   * and the API token (a secret, "SSL and Certificates Write" on that zone). All unset: off.
   */
  CUSTOM_DOMAINS_ZONE_ID?: string;
  CUSTOM_DOMAINS_TARGET?: string;
  CUSTOM_DOMAINS_BLOCKLIST?: string;
  CUSTOM_DOMAINS_API_TOKEN?: string;
  /** Development only: the address of a stand-in for Cloudflare's API (the tests start one). */
  CUSTOM_DOMAINS_API?: string;
  /** The support contacts offered to an account pending activation; each is shown only when set. */
  SUPPORT_EMAIL?: string;
  SUPPORT_WHATSAPP?: string;
  /** Secrets (wrangler secret put); development falls back to labelled values. */
  JWT_SECRET?: string;
  VISITOR_SALT?: string;
  RESEND_API_KEY?: string;
  /** Wallet passes (README, Configuration): each wallet's button appears only with all of its secrets. */
  APPLE_PASS_TYPE_ID?: string;
  APPLE_TEAM_ID?: string;
  APPLE_PASS_CERT?: string;
  APPLE_PASS_KEY?: string;
  APPLE_WWDR_CERT?: string;
  GOOGLE_WALLET_ISSUER_ID?: string;
  GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL?: string;
  GOOGLE_WALLET_PRIVATE_KEY?: string;
  /** Optional: a blocklist feed (one URL or domain a line, e.g. URLhaus); unset, nothing is fetched. */
  BLOCKLIST_FEED_URL?: string;
  /** The test suite's cheaper scrypt N (worker/lib/hashing.ts); ignored outside development. */
  TEST_PASSWORD_COST?: string;
  /** The card memo's window in ms (services/card-memo.ts; the tests set 0); ignored outside development. */
  CARD_MEMO_MS?: string;
};

/** What the image pipeline needs: R2 for the files, the Images binding to make them. */
export type MediaBindings = Pick<Bindings, 'MEDIA' | 'IMAGES'>;

export type { Db };

/** What a request made with a personal access token may do (middleware/api-token.ts). */
export type TokenGrant = { tokenId: string; userId: string; scopes: TokenScope[]; cardIds: string[] | null };

export type Variables = {
  requestId: string;
  db: Db;
  userId: string;
  /**
   * The card a card's route acts on (middleware/card.ts): the one `/v1/cards/{id}/…` names,
   * owner-checked, or the account's primary card under `/v1/user/…`.
   */
  cardId: string;
  /**
   * Set when a personal access token speaks (middleware/api-token.ts): its scopes and the cards
   * it may act on. Absent for a signed-in session.
   */
  apiToken?: TokenGrant;
  /** The session of the bearer token (null for a token issued before sessions were recorded). */
  sessionId: string | null;
  /** The owner's D1 bookmark a visitor's read carries (middleware/db.ts, nearestReplica), or null. */
  bookmark: string | null;
  /** Set when the request's host is a card's own domain (middleware/host.ts): that card alone is served. */
  customHost?: { hostname: string; username: string; cardId: string };
  /** Set by a route that is not traffic (the health check): its successful answers are neither logged nor counted. */
  uncounted?: true;
};

export type AppEnv = { Bindings: Bindings; Variables: Variables };
