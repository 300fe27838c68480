import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { USERNAME_MAX } from '@shared/constants';
import type { LinkDisplay } from '@shared/link-display';
import { isShownAt, nextChange } from '@shared/link-schedule';
import type { PublicProfile } from '@shared/schemas/public-card';
import { links, cards, templates, themes, users } from '../db/schema';
import type { Db } from '../env';
import { imageUrl, tonesOf, withBackground } from '../lib/media-url';
import { loadPhones } from '../lib/phone';
import { holdOf, type Hold } from './account-standing';
import { serializeTemplate, serializeTheme } from './catalogue';
import { businessView } from './users';
import { thumbnailUrl } from './link-preview/thumbnail-url';
import { cleanUrl } from '@shared/clean-url';

export const PRIVATE_PROFILE_MESSAGE = 'This profile is private';
export const PROFILE_NOT_FOUND_MESSAGE = 'Profile not found';

/** A link's thumbnail where it has one: a card without any reads as before. */
function thumbnailOf(origin: string, key: string | null) {
  const url = thumbnailUrl(origin, key);
  return url ? { thumbnail_url: url } : {};
}

type CardLink = Pick<
  typeof links.$inferSelect,
  | 'id'
  | 'title'
  | 'url'
  | 'icon'
  | 'displayOrder'
  | 'flaggedAt'
  | 'kind'
  | 'display'
  | 'highlight'
  | 'sensitive'
  | 'thumbnailKey'
>;

/**
 * What a visitor may see of a card (docs/product.md §3, "Public profile"): built field by field,
 * so nothing private (e-mail, hashes, flags, counters) can leak by being added elsewhere.
 */
const serializePublicCard = (
  origin: string,
  profile: typeof cards.$inferSelect,
  theme: typeof themes.$inferSelect | null,
  template: typeof templates.$inferSelect | null,
  cardLinks: CardLink[],
  contactExchange: boolean,
): PublicProfile => {
  const avatarUrl = imageUrl(origin, profile.avatarKey, 'avatar');
  return {
    name: profile.name,
    username: profile.username,
    bio: profile.bio,
    ...businessView(profile),
    avatar_url: avatarUrl,
    avatar: avatarUrl,
    cover_image_url: imageUrl(origin, profile.coverKey, 'cover'),
    logo_url: imageUrl(origin, profile.logoKey, 'logo'),
    /** Tiny blurred previews (data: URIs) drawn while the images load. */
    avatar_placeholder: profile.avatarKey ? profile.avatarPlaceholder : null,
    cover_placeholder: profile.coverKey ? profile.coverPlaceholder : null,
    links: cardLinks.map((link) => ({
      id: link.id,
      title: link.title,
      // A destination listed after it was saved goes through the warning page (README, Operating).
      // Tracking parameters go wherever an address is shown, a link saved before the list too.
      url: link.flaggedAt == null ? cleanUrl(link.url) : `${origin}/go/${link.id}`,
      icon: link.icon,
      display_order: link.displayOrder,
      // Only what differs from a plain button: a card without any reads as it always did.
      ...(link.kind === 'header' ? { kind: link.kind } : {}),
      ...(link.display === 'button' ? {} : { display: link.display }),
      ...(link.highlight ? { highlight: true as const } : {}),
      ...(link.sensitive ? { sensitive: true as const } : {}),
      ...thumbnailOf(origin, link.thumbnailKey),
    })),
    custom_theme: withBackground(origin, profile.customTheme ?? null, profile.backgroundKey),
    background_tones: tonesOf(profile.backgroundKey, profile.backgroundTones),
    theme: theme ? serializeTheme(theme) : null,
    template: template ? serializeTemplate(template) : null,
    /** The card offers 'Share your contact'. */
    contact_exchange: contactExchange,
    language: profile.language,
  };
};
export type PublicCard = PublicProfile;

export type PublicCardResult =
  | { status: 'missing' }
  /** The card is drawn only for its owner (the private-card banner); never send it to anyone else. */
  | { status: 'private'; username: string; ownerId: string; accountId: string; card: PublicCard; domain: string | null }
  /**
   * ownerId (the card's id: its counts, media, contacts) and accountId (who holds it: the owner's
   * own view) are for the Worker's own use; never send them to a visitor.
   */
  | {
      status: 'public';
      ownerId: string;
      accountId: string;
      card: PublicCard;
      /** When a scheduled link next appears or goes (epoch ms), or null: the page is good until then. */
      changesAt: number | null;
      domain: string | null;
    };

/**
 * The card's row: for visitors only an active account's (`anyAccount` false); for an operator
 * any account's but one being deleted.
 */
async function readCard(db: Db, origin: string, username: string, anyAccount: boolean, now = Date.now()) {
  const wanted = username.trim().toLowerCase();
  if (wanted.length === 0 || wanted.length > USERNAME_MAX) return null;
  // One statement, so one snapshot: the profile, its theme and template, and its active links
  // (as one JSON array, ordered below) can never come from two different moments. The edge
  // cache's version is a hash of what this answers (page-cache.ts), so it always names the
  // state the page was drawn from.
  const row = await db
    .select({
      profile: cards,
      account: { status: users.status, deactivatedAt: users.deactivatedAt },
      theme: themes,
      template: templates,
      links: sql<string>`(SELECT json_group_array(json_array(${links.id}, ${links.title}, ${links.url}, ${links.icon}, ${links.displayOrder}, ${links.flaggedAt},
          ${links.kind}, ${links.display}, ${links.highlight}, ${links.sensitive}, ${links.startsAt}, ${links.endsAt}, ${links.thumbnailKey},
          ${links.orgLink}))
        FROM ${links} WHERE ${links.cardId} = ${cards.id} AND ${links.isActive} = 1)`,
      // The card's own domain once it is active (docs/decisions/0103-custom-domains.md): its address.
      // By its SQL names: the table's definition is then not part of a cold isolate's start-up.
      domain: sql<string | null>`(SELECT hostname FROM custom_hostnames
        WHERE card_id = ${cards.id} AND status = 'active' AND ssl_status = 'active')`,
    })
    .from(cards)
    // An account awaiting (or put back to) activation has no card in service yet: not found.
    .innerJoin(
      users,
      and(eq(users.id, cards.userId), anyAccount ? ne(users.status, 'deleted') : eq(users.status, 'active')),
    )
    .leftJoin(themes, eq(themes.id, cards.themeId))
    .leftJoin(templates, eq(templates.id, cards.templateId))
    .where(eq(cards.username, wanted))
    .get();
  if (!row) return null;
  type Row = [
    number,
    string,
    string,
    string,
    number,
    number | null,
    string,
    string,
    number,
    number,
    number | null,
    number | null,
    string | null,
    number | null,
  ];
  const stored = (JSON.parse(row.links) as Row[])
    .map(
      ([
        id,
        title,
        url,
        icon,
        displayOrder,
        flaggedAt,
        kind,
        display,
        highlight,
        sensitive,
        startsAt,
        endsAt,
        thumbnailKey,
        orgLink,
      ]) => ({
        id,
        title,
        url,
        icon,
        displayOrder,
        flaggedAt,
        kind: kind === 'header' ? ('header' as const) : ('link' as const),
        display: (display === 'icon' || display === 'player' ? display : 'button') as LinkDisplay,
        highlight: highlight === 1,
        sensitive: sensitive === 1,
        startsAt,
        endsAt,
        thumbnailKey,
        orgLink,
      }),
    )
    .sort((a, b) => a.displayOrder - b.displayOrder || a.id - b.id);
  // A scheduled link outside its time is not on the card at all (shared/link-schedule.ts): what is
  // drawn, and so the page's version, changes at the next start or end.
  const shown = stored.filter((link) => isShownAt(link, now));
  // A work card whose template hides fields (docs/decisions/0105-org-templates.md): its code loads then.
  const [profile, cardLinks] = row.profile.orgHidden?.length
    ? (await import('./orgs/hidden')).withoutHidden(row.profile, shown)
    : [row.profile, shown];
  if (profile.phone) await loadPhones();
  const card = serializePublicCard(origin, profile, row.theme, row.template, cardLinks, row.profile.contactExchange);
  return { card, profile: row.profile, account: row.account, changesAt: nextChange(stored, now), domain: row.domain };
}

/** The card at /p/{username}, found case-insensitively (usernames are stored lower-case). */
export async function getPublicCard(
  db: Db,
  origin: string,
  username: string,
  now = Date.now(),
): Promise<PublicCardResult> {
  const row = await readCard(db, origin, username, false, now);
  // A card an operator took down answers as if it did not exist; its owner sees why. So does a
  // work card whose member left: its page is the moved-on one (routes/moved-on.tsx).
  if (!row || row.profile.takenDownAt != null || row.profile.pausedAt != null) return { status: 'missing' };
  const { card } = row;
  const ownerId = row.profile.id;
  const accountId = row.profile.userId;
  const domain = row.domain;
  if (!row.profile.isActive)
    return { status: 'private', username: row.profile.username, ownerId, accountId, card, domain };
  return { status: 'public', ownerId, accountId, card, changesAt: row.changesAt, domain };
}

/** Why visitors cannot see a card an operator opens: taken down, the account held, or private. */
export type OperatorCard = {
  card: PublicCard;
  takenDown: { at: number; reason: string } | null;
  hold: Hold | null;
  isPrivate: boolean;
};

/**
 * A card as an operator reviews it (an appeal, a report): whatever its state, with what hides it
 * from visitors. Only the route that has checked the operator's access may call this.
 */
export async function getCardForOperator(db: Db, origin: string, username: string): Promise<OperatorCard | null> {
  const row = await readCard(db, origin, username, true);
  if (!row) return null;
  const { profile, account } = row;
  return {
    card: row.card,
    takenDown: profile.takenDownAt == null ? null : { at: profile.takenDownAt, reason: profile.takedownReason ?? '' },
    hold: holdOf(account),
    isPrivate: !profile.isActive,
  };
}

/**
 * An active link on a public card, the only kind a visitor can click; null otherwise. `onCard`:
 * the card whose own domain the request came to (services/card-host.ts), which serves that card's
 * links alone, never another card's under its owner's name.
 */
export async function findClickableLink(db: Db, linkId: number, onCard?: string, now = Date.now()) {
  const row = await db
    .select({
      linkId: links.id,
      ownerId: cards.id,
      accountId: cards.userId,
      url: links.url,
      flaggedAt: links.flaggedAt,
      sensitive: links.sensitive,
      title: links.title,
      username: cards.username,
      language: cards.language,
    })
    .from(links)
    .innerJoin(cards, eq(cards.id, links.cardId))
    .innerJoin(users, eq(users.id, cards.userId))
    .where(
      and(
        eq(links.id, linkId),
        onCard === undefined ? undefined : eq(links.cardId, onCard),
        eq(links.isActive, true),
        // A header has nothing to follow; a scheduled link only while it is on the card.
        eq(links.kind, 'link'),
        sql`(${links.startsAt} IS NULL OR ${links.startsAt} <= ${now})`,
        sql`(${links.endsAt} IS NULL OR ${links.endsAt} > ${now})`,
        eq(cards.isActive, true),
        isNull(cards.takenDownAt),
        eq(users.status, 'active'),
      ),
    )
    .get();
  return row ?? null;
}

/** The owner's own card, public or private (null once an operator took it down). */
export async function getOwnCard(db: Db, origin: string, cardId: string): Promise<PublicCard | null> {
  const row = await db.select({ username: cards.username }).from(cards).where(eq(cards.id, cardId)).get();
  if (!row) return null;
  const result = await getPublicCard(db, origin, row.username);
  return result.status === 'missing' || result.ownerId !== cardId ? null : result.card;
}
