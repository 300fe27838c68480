import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

// The only table definitions. Times are epoch milliseconds; booleans are 0/1 integers.

const now = sql`(unixepoch('subsec') * 1000)`;

/** Accounts: who may sign in. The public card lives in `profiles`. */
export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** 'active' or 'pending' (awaiting an operator when REQUIRE_ACTIVATION is on). */
    status: text('status', { enum: ['active', 'pending'] })
      .notNull()
      .default('active'),
    /** Access tokens issued before this instant are refused (logout from all devices, password reset). */
    tokensValidAfter: integer('tokens_valid_after').notNull().default(0),
    createdAt: integer('created_at').notNull().default(now),
    updatedAt: integer('updated_at').notNull().default(now),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

export const themes = sqliteTable('themes', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  backgroundColor: text('background_color').notNull(),
  textColor: text('text_color').notNull(),
  accentColor: text('accent_color').notNull(),
  fontFamily: text('font_family').notNull(),
  backgroundImage: text('background_image'),
  isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
});

export const templates = sqliteTable('templates', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  thumbnailUrl: text('thumbnail_url').notNull(),
  /** JSON: { layout: 'single-column' | 'two-column', showAvatar: boolean, avatarPosition: string } */
  config: text('config', { mode: 'json' }).notNull(),
});

/** The card: one per user. */
export const profiles = sqliteTable(
  'profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    name: text('name').notNull(),
    bio: text('bio').notNull().default(''),
    /** true: the card is public. */
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    /**
     * The image's derivative set, `avatars|covers/<owner>/<set>` (shared/media.ts); a key with an
     * extension is an upload stored as sent before derivatives, until the media migration converts it.
     */
    avatarKey: text('avatar_key'),
    coverKey: text('cover_key'),
    /** The upload as sent, under `originals/<owner>/`: never served, kept only to re-cut the set. */
    avatarOriginal: text('avatar_original'),
    coverOriginal: text('cover_original'),
    /** A tiny blurred preview as a data: URI, drawn inline while the derivative loads. */
    avatarPlaceholder: text('avatar_placeholder'),
    coverPlaceholder: text('cover_placeholder'),
    themeId: integer('theme_id').references(() => themes.id, { onDelete: 'set null' }),
    /** JSON custom theme or null. */
    customTheme: text('custom_theme', { mode: 'json' }),
    templateId: integer('template_id').references(() => templates.id, { onDelete: 'set null' }),
    views: integer('views').notNull().default(0),
    lastViewedAt: integer('last_viewed_at'),
    createdAt: integer('created_at').notNull().default(now),
    updatedAt: integer('updated_at').notNull().default(now),
  },
  (t) => [uniqueIndex('profiles_username_unique').on(t.username)],
);

export const links = sqliteTable(
  'links',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    url: text('url').notNull(),
    icon: text('icon').notNull().default(''),
    displayOrder: integer('display_order').notNull().default(0),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    clicks: integer('clicks').notNull().default(0),
    createdAt: integer('created_at').notNull().default(now),
    updatedAt: integer('updated_at').notNull().default(now),
  },
  (t) => [index('links_user_order').on(t.userId, t.displayOrder)],
);

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
 * Attempts that brute-force bounds count exactly (failed sign-ins, reset mails), keyed by
 * the lower-cased address so an unknown address is bounded the same as a known one.
 */
export const authAttempts = sqliteTable(
  'auth_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: ['login_failure', 'reset_mail'] }).notNull(),
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
 * The counter ledger: every view and click folded in from the KV buffer (architecture.md,
 * Counters), keyed by the event's id so the flush applies it at most once (INSERT OR IGNORE)
 * however often it retries or overlaps. `profiles.views`, `last_viewed_at` and
 * `links.clicks` grow by the events each fold adds to it (never recounted from it). No IP
 * address: `visitor` is a hash under a random salt of the day (`visitor_salts`).
 */
export const events = sqliteTable(
  'events',
  {
    id: text('id').primaryKey(),
    /** The card's owner. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['view', 'click'] }).notNull(),
    /** The clicked link (clicks only). No foreign key: a click stays counted after its link is deleted. */
    linkId: integer('link_id'),
    at: integer('at').notNull(),
    visitor: text('visitor').notNull(),
    /** ISO 3166 alpha-2 from Cloudflare, null when unknown. */
    country: text('country'),
    /** Host of an outside referring page, null for direct visits. */
    referrer: text('referrer'),
    device: text('device', { enum: ['mobile', 'tablet', 'desktop'] }).notNull(),
    channel: text('channel').notNull(),
  },
  (t) => [index('events_user_kind_at').on(t.userId, t.kind, t.at), index('events_link').on(t.linkId)],
);

/**
 * One random salt per UTC day for the visitor hash (README, Decisions: privacy). Created once
 * by whichever request comes first that day (INSERT OR IGNORE, then read back), deleted by the
 * cron once older than yesterday, so nobody can later recompute a stored hash from an IP.
 */
export const visitorSalts = sqliteTable('visitor_salts', {
  /** YYYY-MM-DD, UTC. */
  day: text('day').primaryKey(),
  /** 32 random bytes, hex. */
  salt: text('salt').notNull(),
});
