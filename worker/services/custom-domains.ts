import { and, eq, isNull, ne } from 'drizzle-orm';
import {
  CARD_HAS_DOMAIN,
  CLOUDFLARE_FAILED,
  DOMAIN_NOT_FOUND,
  HOSTNAME_APEX,
  HOSTNAME_BLOCKED,
  HOSTNAME_INVALID,
  HOSTNAME_LOCAL_ONLY,
  HOSTNAME_OWN,
  HOSTNAME_TAKEN,
  type DnsRecord,
  type Domain,
  type DomainState,
} from '@shared/schemas/domains';
import { cards, users } from '../db/schema';
import { customHostnames } from '../db/schema/domains';
import type { Db } from '../env';
import type { CustomDomainsConfig } from '../lib/config';
import {
  CloudflareApiError,
  createHostname,
  deleteHostname,
  DUPLICATE_HOSTNAME,
  type CloudflareHostname,
} from '../lib/custom-hostnames-client';
import { domainOrigin, isApex, isLocalhostName, isWithin, normaliseHostname } from '../lib/domain-name';
import { AppError, fieldError, notFound } from '../lib/errors';
import { logError } from '../lib/log';

// A card's own domain (docs/decisions/0103-custom-domains.md). Every function that acts for an
// owner takes the account's id and checks it in the query, as services/cards.ts does.

export type DomainRow = typeof customHostnames.$inferSelect;

/** A hostname still not active this long after it was added is removed (with a notice). */
export const PENDING_LIMIT_MS = 7 * 24 * 60 * 60 * 1000;
/** The first look at Cloudflare after adding: the owner may have the records in place already. */
const FIRST_CHECK_MS = 60_000;

/** The words the owner reads, from Cloudflare's hostname and certificate statuses. */
export function stateOf(status: string, sslStatus: string): DomainState {
  if (status === 'moved') return 'moved';
  if (status === 'blocked' || status === 'pending_blocked') return 'blocked';
  if (status === 'deleted' || status === 'pending_deletion') return 'deleted';
  if (/timed_out$|^expired$|^deleted$/.test(sslStatus)) return 'failed';
  if (status === 'active' && sslStatus === 'active') return 'active';
  return 'pending';
}

/** Cloudflare's TXT records, ownership first, then the certificate's. */
export function recordsOf(hostname: CloudflareHostname): DnsRecord[] {
  const records: DnsRecord[] = [];
  const ownership = hostname.ownership_verification;
  if (ownership?.name && ownership.value) records.push({ type: 'TXT', name: ownership.name, value: ownership.value });
  for (const record of hostname.ssl?.validation_records ?? [])
    if (record.txt_name && record.txt_value)
      records.push({ type: 'TXT', name: record.txt_name, value: record.txt_value });
  return records;
}

export function problemsOf(hostname: CloudflareHostname): string[] {
  return [
    ...(hostname.verification_errors ?? []),
    ...(hostname.ssl?.validation_errors ?? []).flatMap((error) => (error.message ? [error.message] : [])),
  ];
}

export function serializeDomain(row: DomainRow, config: CustomDomainsConfig, requestUrl: string): Domain {
  const state = stateOf(row.status, row.sslStatus);
  const txt = JSON.parse(row.records) as DnsRecord[];
  // The CNAME last: with the TXT records in place first, the certificate is ready when traffic arrives.
  const cname: DnsRecord[] =
    config.target && row.cloudflareId ? [{ type: 'CNAME', name: row.hostname, value: config.target }] : [];
  return {
    hostname: row.hostname,
    url: `${domainOrigin(row.hostname, requestUrl)}/`,
    state,
    status: row.status,
    ssl_status: row.sslStatus,
    records: [...txt, ...cname],
    problems: JSON.parse(row.problems) as string[],
    created_at: new Date(row.createdAt).toISOString(),
    expires_at: state === 'active' ? null : new Date(row.createdAt + PENDING_LIMIT_MS).toISOString(),
  };
}

/** The card's domain, if the account holds the card (the route has checked that already). */
export const domainOfCard = (db: Db, cardId: string) =>
  db.select().from(customHostnames).where(eq(customHostnames.cardId, cardId)).get();

/** The name normalised and allowed, or the refusal the owner reads beside the field. */
function allowedHostname(config: CustomDomainsConfig, input: string, requestUrl: string) {
  const hostname = normaliseHostname(input);
  if (!hostname) throw fieldError('hostname', HOSTNAME_INVALID);
  const local = isLocalhostName(hostname);
  if (local && !config.development) throw fieldError('hostname', HOSTNAME_INVALID);
  // The deployment's names and everything under them (a `.localhost` name is under `localhost`
  // by design: only that name itself is the deployment's).
  const own = [new URL(requestUrl).hostname, ...config.ownHosts, ...(config.target ? [config.target] : [])];
  if (own.some((host) => (local ? hostname === host : isWithin(hostname, host))))
    throw fieldError('hostname', HOSTNAME_OWN);
  if (!local && isApex(hostname)) throw fieldError('hostname', HOSTNAME_APEX(hostname));
  if (config.blocklist.some((name) => isWithin(hostname, name))) throw fieldError('hostname', HOSTNAME_BLOCKED);
  if (!local && !config.cloudflare) throw fieldError('hostname', HOSTNAME_LOCAL_ONLY);
  return { hostname, local };
}

const isUniqueError = (error: unknown) => /UNIQUE constraint failed/.test(String((error as Error)?.cause ?? error));

/**
 * Gives the card the domain: created at Cloudflare (TXT pre-validation, so nothing changes for
 * visitors until the owner's CNAME points here), or, in development, a `.localhost` name active
 * at once. A name another card of the same account has moves to this card as it is.
 */
export async function addDomain(
  db: Db,
  config: CustomDomainsConfig,
  params: { accountId: string; cardId: string; input: string; requestUrl: string; now?: number },
) {
  const now = params.now ?? Date.now();
  const { hostname, local } = allowedHostname(config, params.input, params.requestUrl);
  const existing = await db
    .select({ row: customHostnames, accountId: cards.userId })
    .from(customHostnames)
    .leftJoin(cards, eq(cards.id, customHostnames.cardId))
    .where(eq(customHostnames.hostname, hostname))
    .get();
  const current = await domainOfCard(db, params.cardId);
  if (existing) {
    if (existing.row.cardId === params.cardId) return existing.row;
    if (existing.accountId !== params.accountId)
      throw new AppError(409, HOSTNAME_TAKEN, { hostname: [HOSTNAME_TAKEN] });
    if (current) throw new AppError(409, CARD_HAS_DOMAIN, { hostname: [CARD_HAS_DOMAIN] });
    // Moving between two of the account's cards: Cloudflare's hostname stays as it is.
    await db
      .update(customHostnames)
      .set({ cardId: params.cardId })
      .where(and(eq(customHostnames.id, existing.row.id), eq(customHostnames.cardId, existing.row.cardId!)));
    return (await domainOfCard(db, params.cardId))!;
  }
  if (current) throw new AppError(409, CARD_HAS_DOMAIN, { hostname: [CARD_HAS_DOMAIN] });
  const id = crypto.randomUUID();
  const base = { id, cardId: params.cardId, hostname, createdAt: now };
  if (local) {
    await insertOrTaken(db, { ...base, cloudflareId: null, status: 'active', sslStatus: 'active', nextCheckAt: now });
    return (await domainOfCard(db, params.cardId))!;
  }
  let created: CloudflareHostname;
  try {
    created = await createHostname(config.cloudflare!, hostname);
  } catch (error) {
    if (error instanceof CloudflareApiError && error.errors.some((e) => e.code === DUPLICATE_HOSTNAME))
      throw new AppError(409, HOSTNAME_TAKEN, { hostname: [HOSTNAME_TAKEN] });
    logError(crypto.randomUUID(), error, { event: 'custom hostname create failed', hostname });
    throw new AppError(503, CLOUDFLARE_FAILED);
  }
  try {
    await insertOrTaken(db, {
      ...base,
      cloudflareId: created.id,
      status: created.status,
      sslStatus: created.ssl?.status ?? 'initializing',
      records: JSON.stringify(recordsOf(created)),
      problems: JSON.stringify(problemsOf(created)),
      checkedAt: now,
      nextCheckAt: now + FIRST_CHECK_MS,
    });
  } catch (error) {
    // Another request stored the name first: give Cloudflare's copy back.
    await deleteHostname(config.cloudflare!, created.id).catch(() => undefined);
    throw error;
  }
  return (await domainOfCard(db, params.cardId))!;
}

async function insertOrTaken(db: Db, values: typeof customHostnames.$inferInsert) {
  try {
    await db.insert(customHostnames).values(values);
  } catch (error) {
    if (isUniqueError(error)) throw new AppError(409, HOSTNAME_TAKEN, { hostname: [HOSTNAME_TAKEN] });
    throw error;
  }
}

/**
 * Stops serving the domain at once (the row leaves the card in the same statement), then deletes
 * it at Cloudflare; when Cloudflare cannot be reached the row stays, with no card, for the cron
 * to delete there later.
 */
export async function removeDomain(db: Db, config: CustomDomainsConfig | null, cardId: string) {
  const row = await db
    .update(customHostnames)
    .set({ cardId: null, nextCheckAt: 0 })
    .where(eq(customHostnames.cardId, cardId))
    .returning()
    .get();
  if (!row) throw notFound(DOMAIN_NOT_FOUND);
  await forgetAtCloudflare(db, config, row);
}

/** Deletes a row that no card holds, at Cloudflare first; a failure leaves it for the next try. */
export async function forgetAtCloudflare(db: Db, config: CustomDomainsConfig | null, row: DomainRow) {
  if (row.cloudflareId) {
    if (!config?.cloudflare) return;
    try {
      await deleteHostname(config.cloudflare, row.cloudflareId);
    } catch (error) {
      logError(crypto.randomUUID(), error, { event: 'custom hostname delete failed', hostname: row.hostname });
      // Behind the others in the cron's queue, so a name Cloudflare keeps refusing holds none up.
      await db
        .update(customHostnames)
        .set({ nextCheckAt: Date.now() + 15 * 60_000 })
        .where(eq(customHostnames.id, row.id));
      return;
    }
  }
  await db.delete(customHostnames).where(and(eq(customHostnames.id, row.id), isNull(customHostnames.cardId)));
}

/**
 * The card a request's host names, when it is an active domain of a card in service (its account
 * active, not taken down); null otherwise. One indexed statement.
 */
export async function cardOfHost(db: Db, hostname: string) {
  const row = await db
    .select({
      cardId: cards.id,
      username: cards.username,
      status: customHostnames.status,
      ssl: customHostnames.sslStatus,
    })
    .from(customHostnames)
    .innerJoin(cards, and(eq(cards.id, customHostnames.cardId), isNull(cards.takenDownAt)))
    .innerJoin(users, and(eq(users.id, cards.userId), eq(users.status, 'active')))
    .where(eq(customHostnames.hostname, hostname))
    .get();
  return row && stateOf(row.status, row.ssl) === 'active' ? { cardId: row.cardId, username: row.username } : null;
}

/** The card's active domain's origin, for its canonical address, share links, QR, vCard and pass. */
export async function activeDomainOf(db: Db, cardId: string, requestUrl: string) {
  const row = await db
    .select({ hostname: customHostnames.hostname, status: customHostnames.status, ssl: customHostnames.sslStatus })
    .from(customHostnames)
    .where(and(eq(customHostnames.cardId, cardId), ne(customHostnames.status, 'deleted')))
    .get();
  return row && stateOf(row.status, row.ssl) === 'active' ? domainOrigin(row.hostname, requestUrl) : null;
}
