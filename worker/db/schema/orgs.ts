import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { FieldRules, TextField } from '@shared/org-template';
import type { CustomTheme } from '@shared/schemas/themes';
import { templates, themes, users } from '../schema';

// Organisations (docs/decisions/0104-organisations.md): a company's members, the work cards it
// gives them, its invitations and its audit log. A work card is a row of `cards` whose `org_id`
// names the organisation; while no member holds it (invited and not yet claimed, or its member
// gone) it is held by the organisation's own account, `holder_id`, which nobody signs in to.

export const ORG_ROLES = ['owner', 'admin', 'member'] as const;
export const INVITATION_STATES = ['pending', 'claimed', 'withdrawn'] as const;

export const organisations = sqliteTable(
  'organisations',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Lower-case, unique: the organisation's short name in addresses. */
    slug: text('slug').notNull(),
    /** The organisation's own account: it holds the work cards no member holds. */
    holderId: text('holder_id')
      .notNull()
      .references(() => users.id),
    /** How many work cards members may hold at once (claimed cards); a setting of the owner's. */
    seats: integer('seats').notNull().default(25),
    /** The SHA-256 of the invite link's secret (hex); null while the link is off. */
    inviteLinkHash: text('invite_link_hash'),
    /** Where the moved-on page of a paused card points visitors (the company's site); '' for none. */
    movedOnUrl: text('moved_on_url').notNull().default(''),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('organisations_slug_unique').on(t.slug), uniqueIndex('organisations_holder').on(t.holderId)],
);

/** Who belongs to an organisation, with which role; exactly one owner (a partial unique index). */
export const orgMembers = sqliteTable(
  'org_members',
  {
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ORG_ROLES }).notNull(),
    joinedAt: integer('joined_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.userId] }),
    index('org_members_user').on(t.userId),
    uniqueIndex('org_members_owner')
      .on(t.orgId)
      .where(sql`${t.role} = 'owner'`),
  ],
);

/**
 * An invitation: the work card made for it (held by the organisation until claimed) and the
 * hash of the secret its mail carries. One open invitation per address and organisation, so
 * the same file sent twice invites nobody twice.
 */
export const orgInvitations = sqliteTable(
  'org_invitations',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Lower-case. */
    email: text('email').notNull(),
    /** The work card made for the invitee; null once withdrawn (the card goes with it). */
    cardId: text('card_id'),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: INVITATION_STATES }).notNull().default('pending'),
    /** The admin who invited; no foreign key: the row outlives their account. */
    invitedBy: text('invited_by').notNull(),
    /** When the last mail went; null while it is owed (the cron sends it: invitation-mail.ts). */
    sentAt: integer('sent_at'),
    /** The site the invitation was made on, whose address the mail's links carry when the cron sends it. */
    mailOrigin: text('mail_origin'),
    sends: integer('sends').notNull().default(0),
    claimedBy: text('claimed_by'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('org_invitations_open')
      .on(t.orgId, t.email)
      .where(sql`${t.status} != 'withdrawn'`),
    index('org_invitations_email').on(t.email),
  ],
);

/** What was done in an organisation, by whom: read by its owner and admins. Never changed. */
export const orgAudit = sqliteTable(
  'org_audit',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The account that acted; no foreign key: the log outlives the account. */
    actorId: text('actor_id'),
    /** 'org.created', 'member.invited', 'member.joined', 'member.role', 'member.removed', … */
    action: text('action').notNull(),
    /** What it was done to (an e-mail address, an account, a card), as written at the time. */
    subject: text('subject').notNull().default(''),
    detail: text('detail', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('org_audit_org').on(t.orgId, t.id)],
);

/**
 * An organisation's template (docs/decisions/0105-org-templates.md): the look of its work cards, as
 * a card's own look columns are, each field's rule, the values of its locked fields and the links
 * every card carries. Saving it writes the look, the locked values and the hidden fields onto each
 * card that follows it, in the same batch, so every read of a card (its page, vCard, QR, API) and
 * the edge cache's version, a hash of that read, change with it.
 */
export const orgTemplates = sqliteTable('org_templates', {
  orgId: text('org_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  /** Counts the saves: what the editor sent it against, and what the audit line records. */
  version: integer('version').notNull().default(1),
  themeId: integer('theme_id').references(() => themes.id, { onDelete: 'set null' }),
  customTheme: text('custom_theme', { mode: 'json' }).$type<CustomTheme>(),
  /** The layout: a template of the catalogue. */
  templateId: integer('template_id').references(() => templates.id, { onDelete: 'set null' }),
  rules: text('rules', { mode: 'json' }).$type<FieldRules>().notNull(),
  /** The locked text fields' values. */
  lockedValues: text('locked_values', { mode: 'json' }).$type<Partial<Record<TextField, string>>>().notNull(),
  /** The links every card carries first, in this order. */
  requiredLinks: text('required_links', { mode: 'json' }).$type<{ title: string; url: string }[]>().notNull(),
  /**
   * The organisation's company logo, a set `logos/org-<org>/<set>` made by the image pipeline as a
   * card's own; saving the template writes it onto every work card, whose QR and page draw it.
   */
  logoKey: text('logo_key'),
  logoOriginal: text('logo_original'),
  logoPlaceholder: text('logo_placeholder'),
  /** The e-mail signature's layout every work card offers; null leaves each card its own. */
  signatureLayout: text('signature_layout'),
  /** The account that saved it last; no foreign key, as the audit log's. */
  updatedBy: text('updated_by'),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});
