import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from '../schema';

// Signing in: refresh tokens and sessions, password resets and e-mail changes, second factors,
// passkeys and their challenges, the attempt counters and the development outbox. Times are epoch
// milliseconds; booleans are 0/1 integers.

const now = sql`(unixepoch('subsec') * 1000)`;

/** Refresh tokens, stored hashed. A family is one sign-in; reuse of a rotated token revokes the family. */
export const refreshTokens = sqliteTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    revokedAt: integer('revoked_at'),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash),
    index('refresh_tokens_family').on(t.familyId),
    index('refresh_tokens_user').on(t.userId),
  ],
);

/** Password-reset codes (hashed) and the single-use reset token a verified code turns into. */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: integer('expires_at').notNull(),
    wrongAttempts: integer('wrong_attempts').notNull().default(0),
    verifiedAt: integer('verified_at'),
    resetTokenHash: text('reset_token_hash'),
    resetTokenExpiresAt: integer('reset_token_expires_at'),
    usedAt: integer('used_at'),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [index('password_resets_user').on(t.userId, t.createdAt), index('password_resets_token').on(t.resetTokenHash)],
);

/**
 * Attempts that brute-force bounds count exactly (failed sign-ins, reset mails, wrong codes),
 * keyed by the lower-cased address (so an unknown address is bounded the same as a known one),
 * the user id, or the client: a keyed hash of CF-Connecting-IP, never the address itself.
 */
export const authAttempts = sqliteTable(
  'auth_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** See ATTEMPT_KINDS in worker/services/attempts.ts; subjects are addresses, user ids or client hashes. */
    kind: text('kind', {
      enum: [
        'login_failure',
        'login_failure_client',
        'login_failure_pair',
        'login_failure_device',
        'register_client',
        'card_create',
        'reset_mail',
        'reset_mail_client',
        'otp_failure',
        'otp_failure_day',
        'otp_failure_client',
        'second_factor_failure',
        'second_factor_client',
        'second_factor_device',
        'totp_confirm_failure',
        'passkey_options_client',
        'passkey_register_account',
        'passkey_autofill_client',
        'passkey_failure_client',
        'reauth_failure',
        'email_change_mail',
        'report_client',
        'api_token',
        'api_account',
      ],
    }).notNull(),
    subject: text('subject').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('auth_attempts_lookup').on(t.kind, t.subject, t.createdAt)],
);

/** Development outbox: every mail sent while ENVIRONMENT=development, readable at /v1/dev/mail. */
export const devMail = sqliteTable(
  'dev_mail',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    code: text('code'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('dev_mail_to').on(t.to, t.createdAt)],
);

/**
 * A signed-in session: one sign-in, which is one refresh-token family (`id` is the family id)
 * and the `sid` of its access tokens. Only a coarse description of the user agent is kept.
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    browser: text('browser').notNull(),
    os: text('os').notNull(),
    device: text('device', { enum: ['mobile', 'tablet', 'desktop'] }).notNull(),
    /** ISO 3166 alpha-2 from Cloudflare, null when unknown. */
    country: text('country'),
    createdAt: integer('created_at').notNull(),
    lastUsedAt: integer('last_used_at').notNull(),
    /** Set when the session is ended (logout, ended from Security, sign-out everywhere). */
    endedAt: integer('ended_at'),
    /** True when the sign-in used a second factor (a code, a recovery code, or a passkey). */
    secondFactor: integer('second_factor', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('sessions_user').on(t.userId, t.endedAt)],
);

/** The authenticator-app factor (RFC 6238). Unconfirmed until a first code proves the enrolment. */
export const totpFactors = sqliteTable('totp_factors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32 shared secret (20 random bytes). */
  secret: text('secret').notNull(),
  confirmedAt: integer('confirmed_at'),
  /** The last 30-second step a code was accepted for: a code works once. */
  lastStep: integer('last_step').notNull().default(0),
  createdAt: integer('created_at').notNull(),
});

/** Single-use recovery codes, stored hashed; a new set replaces the old one. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: integer('used_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('recovery_codes_user').on(t.userId)],
);

/** WebAuthn credentials (passkeys). `id` is the credential id, base64url. */
export const passkeys = sqliteTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    /** JSON array of transports the browser reported. */
    transports: text('transports', { mode: 'json' }).$type<string[]>(),
    backedUp: integer('backed_up', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
    lastUsedAt: integer('last_used_at'),
  },
  (t) => [index('passkeys_user').on(t.userId)],
);

/**
 * Short-lived, single-use challenges: a WebAuthn ceremony's challenge (`id` is the challenge
 * itself), or a sign-in waiting for its second factor (`id` is the hash of the token the client holds).
 */
export const authChallenges = sqliteTable(
  'auth_challenges',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['passkey_register', 'passkey_sign_in', 'second_factor'] }).notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    wrongAttempts: integer('wrong_attempts').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('auth_challenges_expiry').on(t.expiresAt)],
);

/** A new e-mail address waiting for the 6-digit code sent to it. */
export const emailChanges = sqliteTable(
  'email_changes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: integer('expires_at').notNull(),
    wrongAttempts: integer('wrong_attempts').notNull().default(0),
    usedAt: integer('used_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('email_changes_user').on(t.userId, t.createdAt)],
);

/**
 * Personal access tokens (docs/decisions/0097-personal-access-tokens.md): the secret is stored
 * only as its SHA-256; revoking deletes the row. Last use is kept coarse and written at most
 * once a day: the UTC day and the country.
 */
export const apiTokens = sqliteTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** JSON array of scopes (shared/schemas/tokens.ts, TOKEN_SCOPES). */
    scopes: text('scopes', { mode: 'json' }).$type<string[]>().notNull(),
    /** JSON array of card ids the token may act on; null: every card of the account. */
    cardIds: text('card_ids', { mode: 'json' }).$type<string[]>(),
    /** null: until revoked. */
    expiresAt: integer('expires_at'),
    createdAt: integer('created_at').notNull(),
    /** YYYY-MM-DD (UTC) of the last use, null until used. */
    lastUsedOn: text('last_used_on'),
    /** ISO 3166 alpha-2 of the last use, from Cloudflare; null when unknown. */
    lastUsedCountry: text('last_used_country'),
  },
  (t) => [uniqueIndex('api_tokens_hash_unique').on(t.tokenHash), index('api_tokens_user').on(t.userId)],
);
