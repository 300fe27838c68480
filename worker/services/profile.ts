import { eq } from 'drizzle-orm';
import type { ProfileUpdateBody } from '@shared/schemas/profile';
import { isAllowedBackgroundUrl } from '@shared/link-rules';
import {
  BACKGROUND_IMAGE_MESSAGE,
  type CustomTheme,
  type TemplateBody,
  type TemplateChoice,
  type ThemeBody,
  type ThemeChoice,
} from '@shared/schemas/themes';
import { setOf } from '@shared/media';
import { cards } from '../db/schema';
import type { Db, MediaBindings } from '../env';
import { fieldError } from '../lib/errors';
import { withBackground } from '../lib/media-url';
import { isUsernameTaken, USERNAME_TAKEN } from './accounts';
import { holdOnRename } from './username-holds';
import { checkWorkCardChange } from './work-card-rules';
import { writeContactSettings } from './contacts/owner';
import { findTemplate, findTheme, serializeTemplate, serializeTheme } from './catalogue';
import { prepareImage, type CheckedImage } from './media';
import { replaceImage, writeCard, type CardFields, type ImageChange } from './media-write';

const isUniqueUsernameError = (error: unknown) => String((error as Error)?.cause ?? error).includes('cards.username');

/** The business fields that were sent, as columns; absent ones stay as stored. */
const businessColumns = (body: ProfileUpdateBody): CardFields => {
  const columns: CardFields = {};
  if (body.job_title !== undefined) columns.jobTitle = body.job_title;
  if (body.company !== undefined) columns.company = body.company;
  if (body.phone !== undefined) columns.phone = body.phone;
  if (body.public_email !== undefined) columns.publicEmail = body.public_email;
  if (body.location !== undefined) columns.location = body.location;
  if (body.pronouns !== undefined) columns.pronouns = body.pronouns;
  if (body.language !== undefined) columns.language = body.language;
  return columns;
};

/**
 * Name, username, bio, the business fields, visibility and the avatar, all or nothing: everything is checked and the new
 * avatar stored before one UPDATE writes the lot (see writeCard). Links, theme, template and counts
 * hang off the user id, so a new username keeps them and the old one simply stops resolving.
 */
export async function updateProfile(
  db: Db,
  media: MediaBindings,
  cardId: string,
  body: ProfileUpdateBody,
  avatar: CheckedImage | null,
) {
  // A work card's template may lock, hide or require fields: checked before anything is written.
  // A work card's template may lock, hide or require fields: checked before anything is written
  // (the body's text fields have the template's names).
  await checkWorkCardChange(db, cardId, {
    values: body,
    ...(avatar || body.remove_avatar ? { image: { field: 'photo', removed: !avatar } } : {}),
  });
  const username = body.username;
  if (username !== undefined) {
    if (await isUsernameTaken(db, username, cardId)) throw fieldError('username', USERNAME_TAKEN);
    const current = await db.select({ username: cards.username }).from(cards).where(eq(cards.id, cardId)).get();
    // Held before the card changes, so no registration can take the old name in between; a hold
    // on a name the owner then keeps (the write below failed) changes nothing for anyone.
    if (current && current.username !== username) {
      await db.batch(holdOnRename(db, cardId, current.username, username));
    }
  }
  // Only what was sent: a field left out stays as stored (docs/decisions/0084).
  const fields: CardFields = {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(username !== undefined ? { username } : {}),
    ...(body.bio !== undefined ? { bio: body.bio } : {}),
    ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
    ...businessColumns(body),
  };
  const change: ImageChange | null = avatar
    ? { kind: 'avatar', image: await prepareImage(media.IMAGES, cardId, 'avatar', { image: avatar }) }
    : body.remove_avatar
      ? { kind: 'avatar', image: null }
      : null;
  try {
    await writeCard(db, media.MEDIA, cardId, fields, change);
    if (body.contact_exchange !== undefined)
      await writeContactSettings(db, cardId, { exchange: body.contact_exchange });
  } catch (error) {
    // Lost a race for the name: the unique index decided.
    if (isUniqueUsernameError(error)) throw fieldError('username', USERNAME_TAKEN);
    throw error;
  }
}

/**
 * A background URL the owner sends is held to the rule of link icons (isAllowedBackgroundUrl,
 * docs/product.md §3). The one already stored passes as it is: a theme saved with a URL the rule
 * now refuses (plain http, before the rule) still renders, and its owner can still save colours.
 */
async function checkBackground(db: Db, cardId: string, custom: CustomTheme | null | undefined, hosts: string[]) {
  const wanted = custom?.background_image;
  if (!wanted || isAllowedBackgroundUrl(wanted, hosts)) return;
  const stored = await db.select({ customTheme: cards.customTheme }).from(cards).where(eq(cards.id, cardId)).get();
  if (stored?.customTheme?.background_image === wanted) return;
  throw fieldError('custom_theme.background_image', BACKGROUND_IMAGE_MESSAGE);
}

/** The theme's background is the uploaded one (its URL as answered), not a URL from elsewhere. */
const usesUpload = (theme: CustomTheme | null) =>
  theme !== null && (setOf(theme.background_image)?.includes('/media/backgrounds/') ?? false);

/** A custom theme that names a background other than the upload (an older http(s) URL). */
const namesAnotherBackground = (theme: CustomTheme) => !!theme.background_image && !usesUpload(theme);

/**
 * A preset (which must exist), a custom theme, or both; custom_theme null returns to the preset.
 * The editor sends back the background it was answered: the upload's own URL keeps the upload
 * (its columns, POST/DELETE /background-image, are the truth, so the JSON stores null). A preset,
 * or a custom theme naming another background, releases the upload, so no stored image is one
 * the card does not use; a custom theme with no background keeps it: that is what a second tab
 * opened before the upload sends, and only DELETE /background-image says "remove it"
 * (docs/decisions/0084).
 */
export async function updateTheme(
  db: Db,
  media: MediaBindings,
  site: { origin: string; hosts: string[] },
  cardId: string,
  body: ThemeBody,
): Promise<ThemeChoice> {
  const { origin } = site;
  await checkWorkCardChange(db, cardId, { look: true });
  await checkBackground(db, cardId, body.custom_theme, site.hosts);
  const changes: { themeId?: number; customTheme?: CustomTheme | null } = {};
  if (body.theme_id !== undefined) {
    if (!(await findTheme(db, body.theme_id))) throw fieldError('theme_id', 'The selected theme does not exist');
    changes.themeId = body.theme_id;
  }
  const custom = body.custom_theme;
  if (custom !== undefined) {
    changes.customTheme = custom && usesUpload(custom) ? { ...custom, background_image: null } : custom;
  }
  const row = await db
    .update(cards)
    .set({ ...changes, updatedAt: Date.now() })
    .where(eq(cards.id, cardId))
    .returning({ themeId: cards.themeId, customTheme: cards.customTheme, backgroundKey: cards.backgroundKey })
    .get();
  let backgroundKey = row?.backgroundKey ?? null;
  if (backgroundKey && custom !== undefined && (custom === null || namesAnotherBackground(custom))) {
    await replaceImage(db, media, cardId, 'background', null);
    backgroundKey = null;
  }
  const theme = row?.themeId != null ? await findTheme(db, row.themeId) : undefined;
  return {
    theme_id: row?.themeId ?? null,
    theme: theme ? serializeTheme(theme) : null,
    custom_theme: withBackground(origin, row?.customTheme ?? null, backgroundKey),
  };
}

export async function updateTemplate(db: Db, cardId: string, body: TemplateBody): Promise<TemplateChoice> {
  await checkWorkCardChange(db, cardId, { look: true });
  const template = await findTemplate(db, body.template_id);
  if (!template) throw fieldError('template_id', 'The selected template does not exist');
  await db.update(cards).set({ templateId: template.id, updatedAt: Date.now() }).where(eq(cards.id, cardId));
  return { template_id: template.id, template: serializeTemplate(template) };
}

/** The card's own layout of its e-mail signature; a template that sets one refuses it (403). */
export async function updateSignatureLayout(db: Db, cardId: string, layout: string | null) {
  await checkWorkCardChange(db, cardId, { signature: true });
  await db.update(cards).set({ signatureLayout: layout, updatedAt: Date.now() }).where(eq(cards.id, cardId));
}
