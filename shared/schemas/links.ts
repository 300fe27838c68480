import { z } from 'zod';
import { LINK_ICON_MAX, LINK_TITLE_MAX, LINK_URL_MAX, LINKS_PER_USER_MAX } from '../constants';
import { cleanUrl } from '../clean-url';
import { isAllowedIcon, isAllowedLinkUrl } from '../link-rules';
import { LINK_DISPLAYS } from '../players';
import { decimalId, numericText } from './numbers';
import { dataMessageResponse, dataResponse, isoTime } from './responses';
import { singleLine } from './text';

export { isAllowedIcon, isAllowedLinkUrl, isIconOnSiteOutsideImages, isOwnImagePath } from '../link-rules';

export const LINK_URL_SCHEME_MESSAGE = 'URL must start with http://, https://, mailto: or tel:';
const DISPLAY_ORDER_MAX = 1_000_000;

export const LINK_ICON_MESSAGE = 'Icon must be a platform icon, an uploaded image or an https image URL';

const titleField = z
  .string({ error: 'Title is required' })
  .overwrite(singleLine)
  .trim()
  .min(1, { error: 'Title is required' })
  .max(LINK_TITLE_MAX, { error: `Title must be at most ${LINK_TITLE_MAX} characters` });

// Known tracking parameters are taken out before the address is checked and stored (shared/clean-url.ts).
const urlField = z
  .string({ error: 'URL is required' })
  .trim()
  .min(1, { error: 'URL is required' })
  .overwrite(cleanUrl)
  .max(LINK_URL_MAX, { error: `URL must be at most ${LINK_URL_MAX} characters` })
  .refine(isAllowedLinkUrl, { error: LINK_URL_SCHEME_MESSAGE });

export const LINK_THUMBNAIL_MESSAGE = 'Thumbnail must be one of your uploaded or fetched thumbnails';
export const LINK_DISPLAY_MESSAGE = `Display must be one of: ${LINK_DISPLAYS.join(', ')}`;

/**
 * A thumbnail this card's links already have, or one the Worker made for it (a preview's or an
 * upload's `thumbnail_url`); null removes it. The route checks it is this card's own.
 */
const thumbnailField = z
  .string({ error: LINK_THUMBNAIL_MESSAGE })
  .trim()
  .max(LINK_URL_MAX, { error: LINK_THUMBNAIL_MESSAGE })
  .nullable();

const displayField = z.enum(LINK_DISPLAYS, { error: LINK_DISPLAY_MESSAGE });

const iconField = z
  .string({ error: 'Icon must be text' })
  .trim()
  .max(LINK_ICON_MAX, { error: `Icon must be at most ${LINK_ICON_MAX} characters` })
  .refine(isAllowedIcon, { error: LINK_ICON_MESSAGE });

/**
 * Coerced to an integer (docs/product.md §5): a number or numeric text, a decimal truncated
 * (2.7 becomes 2); negative or non-numeric values are refused.
 */
const displayOrderField = z.preprocess(
  numericText,
  z
    .number({ error: 'Display order must be a number' })
    .min(0, { error: 'Display order must be 0 or more' })
    .max(DISPLAY_ORDER_MAX, { error: `Display order must be at most ${DISPLAY_ORDER_MAX}` })
    .transform(Math.trunc),
);

const activeField = z.union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false'])], {
  error: 'is_active must be true or false',
});
const toBoolean = (value: z.infer<typeof activeField>) =>
  value === true || value === 1 || value === '1' || value === 'true';

/** POST /v1/user/links. display_order defaults to the end of the list on the server. */
export const linkBody = z.object({
  title: titleField,
  url: urlField,
  icon: iconField.optional().default(''),
  display_order: displayOrderField.optional(),
  is_active: activeField.optional().default(true).transform(toBoolean),
  /** A `thumbnail_url` answered by .../links/preview or .../links/thumbnail; null: none. */
  thumbnail_url: thumbnailField.optional(),
  display: displayField.optional().default('button'),
});
export type LinkBody = z.output<typeof linkBody>;

/** PUT /v1/user/links/{id}: the same fields; absent ones stay as they are. */
export const linkUpdateBody = z.object({
  title: titleField.optional(),
  url: urlField.optional(),
  icon: iconField.optional(),
  display_order: displayOrderField.optional(),
  is_active: activeField.optional().transform((value) => (value === undefined ? undefined : toBoolean(value))),
  thumbnail_url: thumbnailField.optional(),
  display: displayField.optional(),
});
export type LinkUpdateBody = z.output<typeof linkUpdateBody>;

export const linkIdParam = z.object({
  id: z.preprocess(
    decimalId,
    z.number({ error: 'Not found' }).int({ error: 'Not found' }).positive({ error: 'Not found' }),
  ),
});

export const LINK_ORDER_MESSAGE = 'The order must list each of your links exactly once';

/** PUT /v1/user/links/order: every one of the owner's link ids, in the new order. */
export const linkOrderBody = z.object({
  ids: z
    .array(z.unknown(), { error: LINK_ORDER_MESSAGE })
    .max(LINKS_PER_USER_MAX, { error: LINK_ORDER_MESSAGE })
    .refine(
      (ids) => ids.every((id) => Number.isInteger(id) && (id as number) > 0) && new Set(ids).size === ids.length,
      { error: LINK_ORDER_MESSAGE },
    )
    .transform((ids) => ids as number[]),
});
export type LinkOrderBody = z.output<typeof linkOrderBody>;

// Answers.

/** A link as its owner sees it (GET /v1/user/links and every change to one). */
export const linkSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    url: z.string(),
    icon: z.string(),
    display_order: z.number().int(),
    is_active: z.boolean(),
    /** Visitors' clicks, as counted so far. */
    clicks: z.number().int().nonnegative(),
    /** The thumbnail's JPEG on this site (its WebP sizes beside it), or null. */
    thumbnail_url: z.string().nullable(),
    /** 'player' shows a player's tap-to-play face where shared/players.ts knows the address. */
    display: z.enum(LINK_DISPLAYS),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .strict();
export type Link = z.infer<typeof linkSchema>;

/** A link as a visitor sees it on the public card: active by definition, nothing private. */
export const publicLinkSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    url: z.string(),
    icon: z.string(),
    display_order: z.number().int(),
    thumbnail_url: z.string().nullable(),
    display: z.enum(LINK_DISPLAYS),
  })
  .strict();
export type PublicLink = z.infer<typeof publicLinkSchema>;

export const linksResponse = dataResponse(z.array(linkSchema));
/** POST /v1/user/links and PUT /v1/user/links/{id}: the link under `link` (docs/product.md §7). */
export const linkSavedResponse = z
  .object({
    success: z.literal(true),
    link: linkSchema,
    message: z.string(),
  })
  .strict();
export const linksReorderedResponse = dataMessageResponse(z.array(linkSchema));

/** POST /v1/user/links/preview: the address pasted, read before the link is saved. */
export const linkPreviewBody = z.object({ url: urlField });
export type LinkPreviewBody = z.output<typeof linkPreviewBody>;

/** What the page said: its title and its image made into a thumbnail, or a quiet note. */
export const linkPreviewResponse = z
  .object({
    success: z.literal(true),
    data: z
      .object({
        /** The address as it is saved (tracking parameters removed). */
        url: z.string(),
        title: z.string().nullable(),
        thumbnail_url: z.string().nullable(),
        /** Set when the page (or its picture) could not be read: shown quietly, never as an error. */
        note: z.string().nullable(),
      })
      .strict(),
  })
  .strict();

/** POST /v1/user/links/thumbnail: the owner's own picture, made into a thumbnail to save with a link. */
export const linkThumbnailResponse = z
  .object({ success: z.literal(true), data: z.object({ thumbnail_url: z.string() }).strict() })
  .strict();
