import { eq } from 'drizzle-orm';
import { TOKEN_PREFIX, type TokenScope } from '@shared/schemas/tokens';
import { apiTokens, users } from '../db/schema';
import type { Db, TokenGrant } from '../env';
import { sha256 } from '../lib/hashing';
import { holdOf, type Hold } from './account-standing';

const iso = (ms: number) => new Date(ms).toISOString();
/** The UTC day of a moment: as much of "when" as a token's last use keeps. */
export const dayOf = (ms: number) => iso(ms).slice(0, 10);

/** A personal access token's secret, known by its fixed prefix (api-tokens-manage.ts makes them). */
export const isTokenSecret = (value: string) => value.startsWith(TOKEN_PREFIX);

export type TokenCheck = (TokenGrant & { lastUsedOn: string | null }) | { refused: 'invalid' | Hold };

/**
 * The grant of a secret: a stored, unexpired token whose account is active. Signing out
 * everywhere and a password reset leave tokens alone (docs/product.md §2, API tokens); deleting or holding
 * the account stops them at once.
 */
export async function checkApiToken(db: Db, secret: string, now = Date.now()): Promise<TokenCheck> {
  const row = await db
    .select({
      id: apiTokens.id,
      userId: apiTokens.userId,
      scopes: apiTokens.scopes,
      cardIds: apiTokens.cardIds,
      expiresAt: apiTokens.expiresAt,
      lastUsedOn: apiTokens.lastUsedOn,
      status: users.status,
      deactivatedAt: users.deactivatedAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, await sha256(secret)))
    .get();
  if (!row || row.status === 'deleted') return { refused: 'invalid' };
  if (row.expiresAt !== null && row.expiresAt <= now) return { refused: 'invalid' };
  const hold = holdOf(row);
  if (hold) return { refused: hold };
  return {
    tokenId: row.id,
    userId: row.userId,
    scopes: row.scopes as TokenScope[],
    cardIds: row.cardIds,
    lastUsedOn: row.lastUsedOn,
  };
}

/** Notes the day and country of a use; the caller asks only when the stored day is another, so at most once a day. */
export async function noteTokenUse(db: Db, tokenId: string, country: string | null, now = Date.now()) {
  const day = dayOf(now);
  await db.update(apiTokens).set({ lastUsedOn: day, lastUsedCountry: country }).where(eq(apiTokens.id, tokenId));
}
