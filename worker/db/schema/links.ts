import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { LINK_DISPLAYS, LINK_KINDS } from '@shared/link-display';
import { cards, users } from '../schema';

// A card's links: buttons, headers, icons of the social row and players, in the card's order.
// Re-exported by schema.ts. Times are epoch milliseconds; booleans are 0/1 integers.

const now = sql`(unixepoch('subsec') * 1000)`;

export const links = sqliteTable(
  'links',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The account; the card is `cardId`. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null only for a link the previous release inserted, until migration 0017's trigger fills it. */
    cardId: text('card_id').references(() => cards.id, { onDelete: 'cascade' }),
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
    /** A link, or a header (a title only, url '') that starts a section (docs/product.md §2, the card). */
    kind: text('kind', { enum: LINK_KINDS }).notNull().default('link'),
    /** A button, an icon in the social row under the name, or a player (shared/link-display.ts). */
    display: text('display', { enum: LINK_DISPLAYS }).notNull().default('button'),
    /** Shown only from `startsAt` and until `endsAt` (epoch ms, UTC), when set (shared/link-schedule.ts). */
    startsAt: integer('starts_at'),
    endsAt: integer('ends_at'),
    /** The one highlighted link of the card (services/links.ts keeps it one). */
    highlight: integer('highlight', { mode: 'boolean' }).notNull().default(false),
    /** Visitors pass an interstitial for adults' content before they leave (routes/leaving-page.tsx). */
    sensitive: integer('sensitive', { mode: 'boolean' }).notNull().default(false),
    /**
     * The link's thumbnail, a derivative set `thumbs/<owner>/<set>` (shared/media.ts) read from the
     * linked page or uploaded by the owner; null for none (services/link-preview/thumbnail.ts).
     */
    thumbnailKey: text('thumbnail_key'),
    /**
     * A link every card of the organisation carries (its template's required links), at a fixed
     * place before the member's own: the index of the template's link; null for a member's link.
     */
    orgLink: integer('org_link'),
    createdAt: integer('created_at').notNull().default(now),
    updatedAt: integer('updated_at').notNull().default(now),
  },
  (t) => [
    index('links_user_order').on(t.userId, t.displayOrder),
    index('links_flagged').on(t.flaggedAt),
    index('links_card_order').on(t.cardId, t.displayOrder),
    // One highlighted link per card, held by the database too (services/links.ts moves the mark).
    uniqueIndex('links_card_highlight')
      .on(t.cardId)
      .where(sql`${t.highlight} = 1`),
  ],
);
