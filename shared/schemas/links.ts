import { z } from 'zod';
import { LINK_ICON_MAX, LINK_TITLE_MAX, LINK_URL_MAX, LINKS_PER_USER_MAX } from '../constants';
import { cleanUrl } from '../clean-url';
import { isAllowedIcon, isAllowedLinkUrl } from '../link-rules';
import { HEADER_DISPLAY_MESSAGE, HEADER_URL_MESSAGE, LINK_DISPLAYS, LINK_KINDS } from '../link-display';
import { SCHEDULE_ORDER_MESSAGE, SCHEDULE_TIME_MESSAGE } from '../link-schedule';
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

/**
 * A thumbnail this card's links already have, or one the Worker made for it (a preview's or an
 * upload's `thumbnail_url`); null removes it. The route checks it is this card's own.
 */
const thumbnailField = z
  .string({ error: LINK_THUMBNAIL_MESSAGE })
  .trim()
  .max(LINK_URL_MAX, { error: LINK_THUMBNAIL_MESSAGE })
  .nullable();

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

const kindField = z.enum(LINK_KINDS, { error: "kind must be 'link' or 'header'" });
const displayField = z.enum(LINK_DISPLAYS, { error: "display must be 'button', 'icon' or 'player'" });
const flagField = (name: string) =>
  z
    .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false'])], {
      error: `${name} must be true or false`,
    })
    .optional()
    .transform((value) => (value === undefined ? undefined : toBoolean(value)));

/**
 * A start or an end: an ISO 8601 date-time with its offset (the editor sends the owner's local
 * time with theirs), stored as epoch milliseconds in UTC; null clears it.
 */
const scheduleField = z
  .union([z.iso.datetime({ offset: true, error: SCHEDULE_TIME_MESSAGE }), z.null()], { error: SCHEDULE_TIME_MESSAGE })
  .transform((value) => (value === null ? null : Date.parse(value)))
  .optional();

/** The end comes after the start, when both are in the same body. */
const scheduleInOrder = (body: { starts_at?: number | null | undefined; ends_at?: number | null | undefined }) =>
  body.starts_at == null || body.ends_at == null || body.ends_at > body.starts_at;

/**
 * POST /v1/user/links. display_order defaults to the end of the list on the server. A header
 * (`kind: 'header'`) is a title only: a URL (or an icon, a display, a highlight, a warning) on it
 * is refused; a link needs its URL.
 */
export const linkBody = z
  .object({
    kind: kindField.optional().default('link'),
    title: titleField,
    url: urlField.optional(),
    icon: iconField.optional().default(''),
    display: displayField.optional().default('button'),
    /** A `thumbnail_url` answered by .../links/preview or .../links/thumbnail; null: none. */
    thumbnail_url: thumbnailField.optional(),
    display_order: displayOrderField.optional(),
    is_active: activeField.optional().default(true).transform(toBoolean),
    starts_at: scheduleField,
    ends_at: scheduleField,
    highlight: flagField('highlight'),
    sensitive: flagField('sensitive'),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'header') {
      if (body.url !== undefined && body.url !== '')
        ctx.addIssue({ code: 'custom', path: ['url'], message: HEADER_URL_MESSAGE });
      if (body.display !== 'button' || body.highlight || body.sensitive || body.thumbnail_url)
        ctx.addIssue({ code: 'custom', path: ['kind'], message: HEADER_DISPLAY_MESSAGE });
    } else if (body.url === undefined) ctx.addIssue({ code: 'custom', path: ['url'], message: 'URL is required' });
    if (!scheduleInOrder(body)) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: SCHEDULE_ORDER_MESSAGE });
  });
export type LinkBody = z.output<typeof linkBody>;

/**
 * PUT /v1/user/links/{id}: the same fields; absent ones stay as they are. A link stays a link and
 * a header a header (the service refuses a URL, a display or a mark on a header).
 */
export const linkUpdateBody = z
  .object({
    title: titleField.optional(),
    url: urlField.optional(),
    icon: iconField.optional(),
    display: displayField.optional(),
    thumbnail_url: thumbnailField.optional(),
    display_order: displayOrderField.optional(),
    is_active: activeField.optional().transform((value) => (value === undefined ? undefined : toBoolean(value))),
    starts_at: scheduleField,
    ends_at: scheduleField,
    highlight: flagField('highlight'),
    sensitive: flagField('sensitive'),
  })
  .refine(scheduleInOrder, { path: ['ends_at'], message: SCHEDULE_ORDER_MESSAGE });
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
    kind: z.enum(LINK_KINDS),
    display: z.enum(LINK_DISPLAYS),
    /** When the link appears on the card and when it goes (UTC), or null. */
    starts_at: isoTime.nullable(),
    ends_at: isoTime.nullable(),
    highlight: z.boolean(),
    sensitive: z.boolean(),
    /** Visitors' clicks, as counted so far. */
    clicks: z.number().int().nonnegative(),
    /** The thumbnail's JPEG on this site (its WebP sizes beside it), or null. */
    thumbnail_url: z.string().nullable(),
    /** Present on a link the organisation's template puts on every work card: its member cannot change it. */
    org_required: z.literal(true).optional(),
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
    /**
     * Absent for what links always were (a button, not highlighted, no warning), so a card's
     * answer reads as before; present only where the owner chose otherwise.
     */
    kind: z.enum(LINK_KINDS).optional(),
    display: z.enum(LINK_DISPLAYS).optional(),
    highlight: z.literal(true).optional(),
    sensitive: z.literal(true).optional(),
    /** The thumbnail's JPEG on this site (its WebP sizes beside it), absent for none. */
    thumbnail_url: z.string().optional(),
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
