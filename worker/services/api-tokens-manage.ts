import { and, asc, count, eq } from 'drizzle-orm';
import { DAY_MS } from '@shared/constants';
import type { ApiToken, ApiTokenCreateBody } from '@shared/schemas/tokens';
import { TOKEN_PREFIX, type TokenScope, TOKENS_PER_ACCOUNT } from '@shared/tokens';
import { apiTokens, cards } from '../db/schema';
import type { Db } from '../env';
import { AppError, fieldError, notFound } from '../lib/errors';
import type { randomToken, sha256 } from '../lib/hashing';
import { TOKEN_NOT_FOUND } from './api-token-messages';

// Settings' list of personal access tokens: making, listing and revoking them. Apart from the
// check every token-bearing request makes (api-tokens.ts), so routes/tokens.ts loads this on
// first use and the Worker's start does not carry it. Hashing is handed in by the route rather than
// imported: a module of the start imported here would be split into a chunk of its own, which makes
// the start heavier (docs/decisions/0099-mcp-server.md).

export const NOT_YOUR_CARDS = 'Choose cards of this account';
/** The start's hashing, handed in (see above). */
export type TokenHashing = { randomToken: typeof randomToken; sha256: typeof sha256 };

const TOO_MANY_TOKENS = `An account can hold at most ${TOKENS_PER_ACCOUNT} tokens. Revoke one first.`;
const iso = (ms: number) => new Date(ms).toISOString();

type TokenRow = typeof apiTokens.$inferSelect;

/**
 * The secret: the fixed prefix that secret scanners match, then 256 random bits (base64url).
 * Stored as its SHA-256 alone: a secret this random cannot be guessed from its hash, so a slow
 * password hash would only slow every API request (docs/decisions/0097-personal-access-tokens.md).
 */
const newSecret = (hashing: TokenHashing) => `${TOKEN_PREFIX}${hashing.randomToken()}`;

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
  hashing: TokenHashing,
  now = Date.now(),
): Promise<ApiToken & { token: string }> {
  const usernames = await cardNames(db, userId);
  const chosen = body.card_ids ? [...new Set(body.card_ids)] : null;
  if (chosen?.some((id) => !usernames.has(id))) throw fieldError('card_ids', NOT_YOUR_CARDS);
  const held = await db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId)).get();
  if ((held?.n ?? 0) >= TOKENS_PER_ACCOUNT) throw new AppError(409, TOO_MANY_TOKENS);
  const secret = newSecret(hashing);
  const row: TokenRow = {
    id: crypto.randomUUID(),
    userId,
    name: body.name,
    tokenHash: await hashing.sha256(secret),
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
