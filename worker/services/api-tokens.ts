import { and, asc, count, eq } from 'drizzle-orm';
import { DAY_MS } from '@shared/constants';
import {
  type ApiToken,
  TOKEN_PREFIX,
  type ApiTokenCreateBody,
  type TokenScope,
  TOKENS_PER_ACCOUNT,
} from '@shared/schemas/tokens';
import { apiTokens, cards, users } from '../db/schema';
import type { Db, TokenGrant } from '../env';
import { AppError, fieldError, notFound } from '../lib/errors';
import { randomToken, sha256 } from '../lib/hashing';
import { holdOf, type Hold } from './account-standing';

export const TOKEN_NOT_FOUND = 'Token not found';
export const NOT_YOUR_CARDS = 'Choose cards of this account';
const TOO_MANY_TOKENS = `An account can hold at most ${TOKENS_PER_ACCOUNT} tokens. Revoke one first.`;

type TokenRow = typeof apiTokens.$inferSelect;

const iso = (ms: number) => new Date(ms).toISOString();
/** The UTC day of a moment: as much of "when" as a token's last use keeps. */
export const dayOf = (ms: number) => iso(ms).slice(0, 10);

/**
 * The secret: the fixed prefix that secret scanners match, then 256 random bits (base64url).
 * Stored as its SHA-256 alone: a secret this random cannot be guessed from its hash, so a slow
 * password hash would only slow every API request (docs/decisions/0097-personal-access-tokens.md).
 */
const newSecret = () => `${TOKEN_PREFIX}${randomToken()}`;
export const isTokenSecret = (value: string) => value.startsWith(TOKEN_PREFIX);

function serialize(row: TokenRow, usernames: Map<string, string>): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as TokenScope[],
    cards: row.cardIds
      ? row.cardIds.flatMap((id) => (usernames.has(id) ? [{ id, username: usernames.get(id) ?? '' }] : []))
      : null,
    created_at: iso(row.createdAt),
    expires_at: row.expiresAt === null ? null : iso(row.expiresAt),
    last_used_on: row.lastUsedOn,
    last_used_country: row.lastUsedCountry,
  };
}

const cardNames = async (db: Db, userId: string) =>
  new Map(
    (await db.select({ id: cards.id, username: cards.username }).from(cards).where(eq(cards.userId, userId)).all()).map(
      (card) => [card.id, card.username],
    ),
  );

/** The account's tokens, oldest first; expired ones too, so their owner sees them end. */
export async function listApiTokens(db: Db, userId: string): Promise<ApiToken[]> {
  const [rows, usernames] = await Promise.all([
    db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.userId, userId))
      .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id))
      .all(),
    cardNames(db, userId),
  ]);
  return rows.map((row) => serialize(row, usernames));
}

/**
 * A new token for the account, answered with its secret (the only time it exists outside the
 * caller's hands). Cards must be the account's own; another account's id is refused like a
 * missing one, so nothing is learnt about it.
 */
export async function createApiToken(
  db: Db,
  userId: string,
  body: Pick<ApiTokenCreateBody, 'name' | 'scopes' | 'card_ids' | 'expires_in_days'>,
  now = Date.now(),
): Promise<ApiToken & { token: string }> {
  const usernames = await cardNames(db, userId);
  const chosen = body.card_ids ? [...new Set(body.card_ids)] : null;
  if (chosen?.some((id) => !usernames.has(id))) throw fieldError('card_ids', NOT_YOUR_CARDS);
  const held = await db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId)).get();
  if ((held?.n ?? 0) >= TOKENS_PER_ACCOUNT) throw new AppError(409, TOO_MANY_TOKENS);
  const secret = newSecret();
  const row: TokenRow = {
    id: crypto.randomUUID(),
    userId,
    name: body.name,
    tokenHash: await sha256(secret),
    // In the catalogue's order, whatever order they were ticked in.
    scopes: [...new Set(body.scopes)],
    cardIds: chosen,
    expiresAt: body.expires_in_days === null ? null : now + body.expires_in_days * DAY_MS,
    createdAt: now,
    lastUsedOn: null,
    lastUsedCountry: null,
  };
  await db.insert(apiTokens).values(row);
  return { ...serialize(row, usernames), token: secret };
}

/** Revokes at once: the row goes, so the next request with the secret is unknown. Another account's id is "not found". */
export async function revokeApiToken(db: Db, userId: string, tokenId: string) {
  const gone = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id });
  if (gone.length === 0) throw notFound(TOKEN_NOT_FOUND);
}

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
