import { and, eq } from 'drizzle-orm';
import type { Language } from '@shared/i18n/languages';
import type { BusinessCard } from '@shared/schemas/business-card';
import type { User } from '@shared/schemas/user';
import type { SignatureLayout } from '@shared/signature-layouts';
import { cards, templates, themes, users } from '../db/schema';
import type { Bindings, Db } from '../env';
import { notFound } from '../lib/errors';
import { imageUrl, tonesOf, withBackground } from '../lib/media-url';
import { displayPhone, loadPhones } from '../lib/phone';
import { serializeTemplate, serializeTheme } from './catalogue';
import type { CountBindings } from '../env';
import { cardCounts } from './events/counts';
import { cardViews } from './events/pending';
import { primaryCardOf } from './card-owner';
import { accountLanguage } from './account-language';

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof cards.$inferSelect;

/** The business card's fields as both the owner's and the visitor's answers carry them (loadPhones first). */
export const businessView = (profile: ProfileRow): BusinessCard => ({
  job_title: profile.jobTitle,
  company: profile.company,
  phone: profile.phone,
  phone_display: displayPhone(profile.phone),
  public_email: profile.publicEmail,
  location: profile.location,
  pronouns: profile.pronouns,
});

const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

/**
 * The signed-in user as GET /v1/user/profile answers it (docs/product.md §3): the card's fields
 * flattened onto the user, and the nested `profile` object the client may also read.
 */
export function serializeUser(
  origin: string,
  /** `accountLanguage`: the account's own, else its primary card's (services/account-language.ts). */
  user: Pick<UserRow, 'id' | 'email' | 'status' | 'createdAt' | 'role'> & { accountLanguage: Language },
  profile: ProfileRow,
  theme: typeof themes.$inferSelect | null,
  template: typeof templates.$inferSelect | null,
  contactExchange = false,
): User {
  const avatarUrl = imageUrl(origin, profile.avatarKey, 'avatar');
  const coverUrl = imageUrl(origin, profile.coverKey, 'cover');
  return {
    id: user.id,
    name: profile.name,
    username: profile.username,
    email: user.email,
    bio: profile.bio,
    ...businessView(profile),
    is_active: profile.isActive,
    status: user.status,
    avatar_url: avatarUrl,
    avatar: avatarUrl,
    cover_image_url: coverUrl,
    background_image_url: imageUrl(origin, profile.backgroundKey, 'background'),
    logo_url: imageUrl(origin, profile.logoKey, 'logo'),
    background_tones: tonesOf(profile.backgroundKey, profile.backgroundTones),
    theme_id: profile.themeId,
    theme: theme ? serializeTheme(theme) : null,
    custom_theme: withBackground(origin, profile.customTheme ?? null, profile.backgroundKey),
    template_id: profile.templateId,
    template: template ? serializeTemplate(template) : null,
    views: profile.views,
    contact_exchange: contactExchange,
    signature_layout: (profile.signatureLayout as SignatureLayout | null) ?? null,
    language: profile.language,
    account_language: user.accountLanguage,
    created_at: iso(user.createdAt),
    last_viewed_at: iso(profile.lastViewedAt),
    /** An operator: the dashboard offers the admin console. */
    is_admin: user.role === 'admin',
    /** Set when an operator took the card down: the owner sees why. */
    takedown:
      profile.takenDownAt == null
        ? null
        : { reason: profile.takedownReason ?? '', at: new Date(profile.takenDownAt).toISOString() },
    profile: {
      username: profile.username,
      name: profile.name,
      bio: profile.bio,
      avatar_url: avatarUrl,
      avatar: avatarUrl,
      cover_image_url: coverUrl,
      is_active: profile.isActive,
    },
  };
}
export type UserView = User;

/**
 * Reads the user with a card (`cardId`, else the primary one), its theme and template in one
 * query. Given the bindings, `views` and `last_viewed_at` also count views still in the KV
 * buffer, as the statistics do.
 */
export async function getUserView(
  db: Db,
  origin: string,
  userId: string,
  counters?: Pick<Bindings, 'EVENTS'> & CountBindings,
  cardId?: string,
): Promise<UserView> {
  const seenOf = (id: string) =>
    counters ? cardCounts(counters, db, id).then((counts) => cardViews(counts, counters.EVENTS, id)) : null;
  const [row, known] = await Promise.all([
    db
      .select({
        user: users,
        accountLanguage,
        profile: cards,
        theme: themes,
        template: templates,
      })
      .from(users)
      .innerJoin(cards, cardId ? and(eq(cards.id, cardId), eq(cards.userId, users.id)) : primaryCardOf(users.id))
      .leftJoin(themes, eq(themes.id, cards.themeId))
      .leftJoin(templates, eq(templates.id, cards.templateId))
      .where(eq(users.id, userId))
      .get(),
    // The card's counts are read beside it when its id is known, after it otherwise.
    cardId ? seenOf(cardId) : null,
  ]);
  if (!row) throw notFound('User not found');
  const seen = cardId ? known : await seenOf(row.profile.id);
  if (row.profile.phone) await loadPhones();
  const view = serializeUser(
    origin,
    { ...row.user, accountLanguage: row.accountLanguage },
    row.profile,
    row.theme,
    row.template,
    row.profile.contactExchange,
  );
  if (!seen) return view;
  const { views, lastViewedAt } = seen;
  return { ...view, views, last_viewed_at: iso(lastViewedAt) };
}
