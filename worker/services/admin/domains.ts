import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AdminDomain, adminDomainsResponse } from '@shared/schemas/admin-domains';
import type { Answer, messageResponse } from '@shared/schemas/responses';
import { cards, users } from '../../db/schema';
import { customHostnames } from '../../db/schema/domains';
import type { AppEnv, Db } from '../../env';
import { customDomains, type CustomDomainsConfig } from '../../lib/config';
import { notFound } from '../../lib/errors';
import { forgetAtCloudflare, stateOf } from '../custom-domains';
import { auditEntry, type Actor } from '../operator-statements';
import { actorOf, iso } from './common';

// The cards' own domains in the console (docs/decisions/0103-custom-domains.md): listed with their
// state, and removed by an operator with the owner's removal's effect, the reason audited.

export const DOMAIN_NOT_FOUND = 'No card has this domain.';
/** The console's list: the newest first, as many as a deployment is likely to hold. */
const LISTED = 500;

export async function listDomains(db: Db): Promise<AdminDomain[]> {
  const rows = await db
    .select({ row: customHostnames, username: cards.username, accountId: users.id, owner: users.email })
    .from(customHostnames)
    .innerJoin(cards, eq(cards.id, customHostnames.cardId))
    .innerJoin(users, eq(users.id, cards.userId))
    .orderBy(desc(customHostnames.createdAt))
    .limit(LISTED)
    .all();
  return rows.map(({ row, username, accountId, owner }) => ({
    id: row.id,
    hostname: row.hostname,
    card_id: row.cardId!,
    username,
    account_id: accountId,
    owner,
    state: stateOf(row.status, row.sslStatus),
    since: iso(row.createdAt),
  }));
}

/**
 * Stops serving the domain at once, the audit entry written in the same batch, then deletes it at
 * Cloudflare (or leaves it, with no card, for the cron): what the owner's removal does.
 */
// A domain's id is a UUID (services/custom-domains.ts); anything else names none.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function removeDomainAsOperator(
  db: Db,
  config: CustomDomainsConfig | null,
  actor: Actor,
  id: string,
  reason: string,
  now = Date.now(),
) {
  if (!UUID.test(id)) throw notFound(DOMAIN_NOT_FOUND);
  const found = await db
    .select({ row: customHostnames, username: cards.username, accountId: cards.userId })
    .from(customHostnames)
    .innerJoin(cards, eq(cards.id, customHostnames.cardId))
    .where(eq(customHostnames.id, id))
    .get();
  if (!found) throw notFound(DOMAIN_NOT_FOUND);
  const { row, username, accountId } = found;
  const [released] = await db.batch([
    db
      .update(customHostnames)
      .set({ cardId: null, nextCheckAt: 0 })
      .where(and(eq(customHostnames.id, id), isNotNull(customHostnames.cardId)))
      .returning(),
    auditEntry(
      db,
      { actor, action: 'remove_domain', target: { id: accountId, username }, reason: `${row.hostname}: ${reason}` },
      now,
    ),
  ]);
  // Removed by its owner a moment before: nothing left to forget here.
  if (released[0]) await forgetAtCloudflare(db, config, released[0]);
  return row.hostname;
}

/** GET /v1/admin/domains (routes/admin.ts). */
export async function domainsAnswer(c: Context<AppEnv>) {
  return { success: true, data: await listDomains(c.var.db) } satisfies Answer<typeof adminDomainsResponse>;
}

/** POST /v1/admin/domains/{id}/remove (routes/admin.ts), by the signed-in operator. */
export async function removalAnswer(c: Context<AppEnv>, id: string, reason: string) {
  const actor = await actorOf(c.var.db, c.var.userId);
  const hostname = await removeDomainAsOperator(c.var.db, customDomains(c.env), actor, id, reason);
  return { success: true, message: `${hostname} no longer shows its card.` } satisfies Answer<typeof messageResponse>;
}
