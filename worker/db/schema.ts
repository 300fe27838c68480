import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { CustomTheme, TemplateConfig } from '@shared/schemas/themes';

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
    /**
     * 'active', 'pending' (awaiting an operator when REQUIRE_ACTIVATION is on, or deactivated), or
     * 'deleted' while the account's deletion runs (worker/services/account-deletion.ts).
     */
    status: text('status', { enum: ['active', 'pending', 'deleted'] })
      .notNull()
      .default('active'),
    /** 'admin': an operator (npm run admin -- grant-admin), who may use the console under /admin. */
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
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
  config: text('config', { mode: 'json' }).$type<TemplateConfig>().notNull(),
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
    customTheme: text('custom_theme', { mode: 'json' }).$type<CustomTheme>(),
    templateId: integer('template_id').references(() => templates.id, { onDelete: 'set null' }),
    views: integer('views').notNull().default(0),
    lastViewedAt: integer('last_viewed_at'),
    /** Set when an operator takes the card down (it answers 404); the owner sees the reason. */
    takenDownAt: integer('taken_down_at'),
    takedownReason: text('takedown_reason'),
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
    /**
     * Set when the link's destination became listed after it was saved (the blocklist scan):
     * the card sends visitors through the warning page /go/<id>. The entry that matched.
     */
    flaggedAt: integer('flagged_at'),
    flaggedBy: text('flagged_by'),
    createdAt: integer('created_at').notNull().default(now),
    updatedAt: integer('updated_at').notNull().default(now),
  },
  (t) => [index('links_user_order').on(t.userId, t.displayOrder), index('links_flagged').on(t.flaggedAt)],
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
        'register_client',
        'reset_mail',
        'reset_mail_client',
        'otp_failure',
        'otp_failure_client',
        'second_factor_failure',
        'passkey_failure_client',
        'reauth_failure',
        'email_change_mail',
        'report_client',
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
 * The counter ledger: every view and click folded in from the KV buffer (README, Decisions:
 * one KV entry per event), keyed by the event's id so a drain applies it at most once (INSERT OR IGNORE)
 * however often it retries or overlaps. Each fold also adds the event to the counters
 * (`profiles.views`, `last_viewed_at`, `links.clicks`) and to the daily rollups below, never
 * recounting from here. Rows are kept RETENTION_DAYS (README, Decisions: rollups), then
 * deleted by the cron: the statistics read the rollups, so the ledger only has to remember
 * which ids were folded and which visitors were seen on a day. No IP address: `visitor` is a
 * hash under a random salt of the day (`visitor_salts`).
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
  (t) => [index('events_user_visitor').on(t.userId, t.visitor), index('events_at').on(t.at)],
);

/**
 * Daily rollups of the ledger, one row per card and UTC day (`day` = days since 1970-01-01),
 * added to by the same D1 batch that folds an event into the ledger, so the statistics read
 * days, never a card's raw history. `visitors` and `clickers` are distinct visitor hashes of
 * that day; the hashes rotate daily, so the days' counts add up to the all-time figure.
 */
export const dailyStats = sqliteTable(
  'daily_stats',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    views: integer('views').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
    /** Visitors who clicked at least one link that day. */
    clickers: integer('clickers').notNull().default(0),
    lastViewAt: integer('last_view_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Clicks per link per day. No foreign key on the link: its clicks stay counted after it is deleted. */
export const dailyLinkClicks = sqliteTable(
  'daily_link_clicks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    linkId: integer('link_id').notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.linkId] })],
);

/**
 * Views and clicks per day by referrer host, country ('unknown' when Cloudflare could not
 * tell), device and channel: the statistics screen's breakdowns.
 */
export const dailyBreakdowns = sqliteTable(
  'daily_breakdowns',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    facet: text('facet', { enum: ['referrer', 'country', 'device', 'channel'] }).notNull(),
    name: text('name').notNull(),
    views: integer('views').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.facet, t.day, t.name] })],
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
 * Usernames given up, kept for their last owner (README, Decisions: usernames are not
 * recycled) until `heldUntil`; the old card URL redirects to the owner's current one. No
 * foreign key: the hold outlives the account, so a printed QR code never opens a stranger's card.
 */
export const usernameHolds = sqliteTable('username_holds', {
  username: text('username').primaryKey(),
  userId: text('user_id').notNull(),
  heldUntil: integer('held_until').notNull(),
  createdAt: integer('created_at').notNull(),
});

// Contact exchange's tables (what visitors share with an owner) live in their own file.
export * from './schema/contacts';
// The operators' tables (the console, reports, the link blocklist) live in their own file.
export * from './schema/operators';
