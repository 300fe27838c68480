import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { ImageTones } from '@shared/backdrop';
import type { CustomTheme, TemplateConfig } from '@shared/schemas/themes';
import { BUTTON_SHAPES, BUTTON_STYLES, GRADIENT_DIRECTIONS, PATTERNS } from '@shared/looks';
import { LANGUAGES } from '@shared/i18n/languages';

// The only table definitions: accounts and cards here, the rest in schema/*.ts, re-exported below.
// Times are epoch milliseconds; booleans are 0/1 integers.

const now = sql`(unixepoch('subsec') * 1000)`;

/** Accounts: who may sign in. The public card lives in `profiles`. */
export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /**
     * 'active', 'pending' (may not sign in: a sign-up awaiting an operator when REQUIRE_ACTIVATION
     * is on, or deactivated, told apart by `deactivatedAt`), or 'deleted' while the account's
     * deletion runs (worker/services/account-data/deletion.ts). Deactivation keeps 'pending'
     * rather than adding a value, so code from before the distinction still refuses the account
     * (docs/decisions/0070-account-states.md).
     */
    status: text('status', { enum: ['active', 'pending', 'deleted'] })
      .notNull()
      .default('active'),
    /** When the account was first active (registered active, or activated); null: a sign-up never let in. */
    activatedAt: integer('activated_at'),
    /** Set when an operator deactivated the account (status 'pending'); cleared when activated again. */
    deactivatedAt: integer('deactivated_at'),
    /** 'admin': an operator (npm run admin -- grant-admin), who may use the console under /admin. */
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    /**
     * The account's language (docs/product.md §8): the dashboard's and the e-mails'. Null for an
     * account that has not chosen one since the card's language became the card's own: it then
     * speaks its primary card's language, as before (docs/decisions/0091-cards-apart-from-accounts.md).
     */
    language: text('language', { enum: LANGUAGES }),
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
  /** The preset's buttons, gradient and pattern (shared/looks.ts); null is the look of before. */
  buttonStyle: text('button_style', { enum: BUTTON_STYLES }),
  buttonShape: text('button_shape', { enum: BUTTON_SHAPES }),
  gradientColor: text('gradient_color'),
  gradientDirection: text('gradient_direction', { enum: GRADIENT_DIRECTIONS }),
  pattern: text('pattern', { enum: PATTERNS }),
});

export const templates = sqliteTable('templates', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  thumbnailUrl: text('thumbnail_url').notNull(),
  /** JSON: { layout: 'single-column' | 'two-column', showAvatar: boolean, avatarPosition: string } */
  config: text('config', { mode: 'json' }).$type<TemplateConfig>().notNull(),
});

/** The card as the previous release keeps it, one per account: read by nothing since `cards`, kept in step by triggers until a later release drops it. */
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
    /** The business card's fields (docs/product.md §5, Profile), '' when not given; the phone in E.164. */
    jobTitle: text('job_title').notNull().default(''),
    company: text('company').notNull().default(''),
    phone: text('phone').notNull().default(''),
    publicEmail: text('public_email').notNull().default(''),
    location: text('location').notNull().default(''),
    pronouns: text('pronouns').notNull().default(''),
    /** The card's and the account's language (docs/product.md §8): its page, forms, vCard labels and e-mails. */
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    /**
     * The image's derivative set, `avatars|covers|backgrounds/<owner>/<set>` (shared/media.ts); a key with an
     * extension is an upload stored as sent before derivatives, until the media migration converts it.
     */
    avatarKey: text('avatar_key'),
    coverKey: text('cover_key'),
    /** The custom theme's uploaded background (docs/product.md §3); it wins over `custom_theme.background_image`. */
    backgroundKey: text('background_key'),
    /** The upload as sent, under `originals/<owner>/`: never served, kept only to re-cut the set. */
    avatarOriginal: text('avatar_original'),
    coverOriginal: text('cover_original'),
    backgroundOriginal: text('background_original'),
    /** A tiny blurred preview as a data: URI, drawn inline while the derivative loads. */
    avatarPlaceholder: text('avatar_placeholder'),
    coverPlaceholder: text('cover_placeholder'),
    backgroundPlaceholder: text('background_placeholder'),
    themeId: integer('theme_id').references(() => themes.id, { onDelete: 'set null' }),
    /** JSON custom theme or null. */
    customTheme: text('custom_theme', { mode: 'json' }).$type<CustomTheme>(),
    templateId: integer('template_id').references(() => templates.id, { onDelete: 'set null' }),
    /** Counted before the counting databases (docs/decisions/0071); no longer written. */
    views: integer('views').notNull().default(0),
    lastViewedAt: integer('last_viewed_at'),
    /**
     * The counting database the card's views and clicks go to (worker/lib/count-shards.ts),
     * chosen at sign-up and never changed: raising the shard count moves no card. Cards of
     * before the counting databases are counted in shard 0.
     */
    countShard: integer('count_shard').notNull().default(0),
    /** Set when an operator takes the card down (it answers 404); the owner sees the reason. */
    takenDownAt: integer('taken_down_at'),
    takedownReason: text('takedown_reason'),
    createdAt: integer('created_at').notNull().default(now),
    updatedAt: integer('updated_at').notNull().default(now),
  },
  (t) => [uniqueIndex('profiles_username_unique').on(t.username)],
);

/**
 * A card: what visitors see at `/p/{username}`, with its own links, theme, language, share kit,
 * statistics and contacts (docs/decisions/0091-cards-apart-from-accounts.md). An account holds one or
 * more; `isPrimary` marks the one `/v1/user/*` acts on. The card each account had before cards
 * were apart keeps the account's id as its own, so its media keys, counting rows, buffered events
 * and caches, all named by that id, needed no move. The fields are `profiles`' (which the previous
 * release still reads, kept in step with the first card by triggers, migration 0017).
 */
export const cards = sqliteTable(
  'cards',
  {
    id: text('id').primaryKey(),
    /** The account that holds the card. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The card `/v1/user/*` acts on; one per account (a partial unique index). */
    isPrimary: integer('is_primary', { mode: 'boolean' }).notNull().default(false),
    username: text('username').notNull(),
    name: text('name').notNull(),
    bio: text('bio').notNull().default(''),
    /** true: the card is public. */
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    /** The business card's fields (docs/product.md §5, Profile), '' when not given; the phone in E.164. */
    jobTitle: text('job_title').notNull().default(''),
    company: text('company').notNull().default(''),
    phone: text('phone').notNull().default(''),
    publicEmail: text('public_email').notNull().default(''),
    location: text('location').notNull().default(''),
    pronouns: text('pronouns').notNull().default(''),
    /** The card's language (docs/product.md §8): its page, forms and vCard labels. */
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    /** As in `profiles`: a derivative set `avatars|covers|backgrounds/<card>/<set>` (shared/media.ts). */
    avatarKey: text('avatar_key'),
    coverKey: text('cover_key'),
    backgroundKey: text('background_key'),
    avatarOriginal: text('avatar_original'),
    coverOriginal: text('cover_original'),
    backgroundOriginal: text('background_original'),
    avatarPlaceholder: text('avatar_placeholder'),
    coverPlaceholder: text('cover_placeholder'),
    backgroundPlaceholder: text('background_placeholder'),
    /**
     * The company logo (docs/product.md §5, Profile), a set `logos/<card>/<set>` like the others. The
     * cards' own: `profiles` and the previous release know nothing of it.
     */
    logoKey: text('logo_key'),
    logoOriginal: text('logo_original'),
    logoPlaceholder: text('logo_placeholder'),
    /** The e-mail signature's layout (shared/signature-layouts.ts); null for the standard one. */
    signatureLayout: text('signature_layout'),
    /**
     * How light and dark the background is where the card's text sits (shared/backdrop.ts),
     * measured when it is uploaded, with the set it was measured on; null for an upload of before.
     */
    backgroundTones: text('background_tones', { mode: 'json' }).$type<ImageTones & { set: string }>(),
    themeId: integer('theme_id').references(() => themes.id, { onDelete: 'set null' }),
    customTheme: text('custom_theme', { mode: 'json' }).$type<CustomTheme>(),
    templateId: integer('template_id').references(() => templates.id, { onDelete: 'set null' }),
    /** Counted before the counting databases (docs/decisions/0071); no longer written. */
    views: integer('views').notNull().default(0),
    lastViewedAt: integer('last_viewed_at'),
    /** The counting database of the card's views and clicks, chosen when it is made and never changed. */
    countShard: integer('count_shard').notNull().default(0),
    takenDownAt: integer('taken_down_at'),
    takedownReason: text('takedown_reason'),
    /** Contact exchange (`contact_settings` of before, kept in step for the first card). */
    contactExchange: integer('contact_exchange', { mode: 'boolean' }).notNull().default(false),
    contactNotify: integer('contact_notify', { mode: 'boolean' }).notNull().default(true),
    contactsSubmitted: integer('contacts_submitted').notNull().default(0),
    /**
     * A work card's organisation (schema/orgs.ts); null for a personal card. No foreign key: a
     * new one would make drizzle-kit rebuild the table (docs/decisions/0067-migrations-only-add.md).
     */
    orgId: text('org_id'),
    /** Set when a work card's member left or was removed: visitors see the moved-on page. */
    pausedAt: integer('paused_at'),
    /**
     * The organisation whose template this work card follows (its `org_templates` row is keyed by
     * the organisation); null for a personal card and a work card made before its template.
     */
    orgTemplateId: text('org_template_id'),
    /**
     * The card's fields its organisation's template hides from visitors (shared/org-template.ts's
     * field names), written with the template so that the card's one read knows them; null: none.
     */
    orgHidden: text('org_hidden', { mode: 'json' }).$type<string[]>(),
    createdAt: integer('created_at').notNull().default(now),
    updatedAt: integer('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('cards_username_unique').on(t.username),
    index('cards_org').on(t.orgId),
    index('cards_user').on(t.userId, t.createdAt),
    uniqueIndex('cards_primary')
      .on(t.userId)
      .where(sql`${t.isPrimary} = 1`),
  ],
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

// A card's links live in their own file.
export * from './schema/links';
// Sign-in's tables (sessions, second factors, passkeys, resets, attempts) live in their own file.
export * from './schema/auth';
// The counters' tables (the event ledger, the daily rollups, the visitor salts) live in their own file.
export * from './schema/events';
// Contact exchange's tables (what visitors share with an owner) live in their own file.
export * from './schema/contacts';
// The operators' tables (the console, reports, the link blocklist) live in their own file.
export * from './schema/operators';
// Cards' own domains (Cloudflare for SaaS custom hostnames) live in their own file, imported from
// there and not through this one: a cold isolate's start-up (db/client.ts reads every table here)
// then carries no definition of theirs. drizzle.config.ts names both files.
// Signed webhooks' tables (endpoints and their delivery log) live in their own file.
export * from './schema/webhooks';
// Organisations' tables (members, invitations, the audit log) live in schema/orgs.ts, which only
// the organisations' code (loaded on first use) imports, so a card view does not evaluate them;
// drizzle.config.ts names it beside this file.
