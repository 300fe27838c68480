import { z } from 'zod';
import { LINK_TITLE_MAX, LINK_URL_MAX, LINKS_PER_USER_MAX } from '../constants';
import { HEADER_URL_MESSAGE, LINK_DISPLAYS, LINK_KINDS } from '../link-display';
import { SCHEDULE_ORDER_MESSAGE, SCHEDULE_TIME_MESSAGE } from '../link-schedule';
import { isAllowedLinkUrl, LINK_URL_SCHEME_MESSAGE } from './links';
import { dataMessageResponse } from './responses';
import { singleLine } from './text';

// 'Import links': a public Linktree page read by the Worker, then the links
// the owner chose.

export const IMPORT_URL_MESSAGE = 'Please enter the address of a public Linktree page, like https://linktr.ee/yourname';

/** POST /v1/user/links/import/preview */
export const importPreviewBody = z.object({
  url: z.string({ error: IMPORT_URL_MESSAGE }).trim().min(1, { error: IMPORT_URL_MESSAGE }).max(300, {
    error: IMPORT_URL_MESSAGE,
  }),
});

const importedTime = z.iso
  .datetime({ offset: true, error: SCHEDULE_TIME_MESSAGE })
  .nullable()
  .optional()
  .transform((value) => (value == null ? null : Date.parse(value)));

/**
 * A link chosen to import: a link with its URL, or a header (a title only) of the page; its
 * start and end when the page scheduled it, and how it is shown (an icon for a social profile).
 */
export const importedLink = z
  .object(
    {
      kind: z.enum(LINK_KINDS, { error: "kind must be 'link' or 'header'" }).optional().default('link'),
      display: z.enum(LINK_DISPLAYS, { error: "display must be 'button', 'icon' or 'player'" }).optional(),
      starts_at: importedTime,
      ends_at: importedTime,
      title: z
        .string({ error: 'Title is required' })
        .overwrite(singleLine)
        .trim()
        .min(1, { error: 'Title is required' })
        .max(LINK_TITLE_MAX, { error: `Title must be at most ${LINK_TITLE_MAX} characters` }),
      url: z
        .string({ error: LINK_URL_SCHEME_MESSAGE })
        .trim()
        .max(LINK_URL_MAX, { error: 'URL is too long' })
        .refine((url) => url === '' || isAllowedLinkUrl(url), { error: LINK_URL_SCHEME_MESSAGE })
        .optional()
        .default(''),
    },
    { error: 'Each link needs a title and a URL' },
  )
  .superRefine((link, ctx) => {
    if (link.kind === 'header' && link.url !== '')
      ctx.addIssue({ code: 'custom', path: ['url'], message: HEADER_URL_MESSAGE });
    if (link.kind === 'link' && link.url === '')
      ctx.addIssue({ code: 'custom', path: ['url'], message: LINK_URL_SCHEME_MESSAGE });
    if (link.starts_at != null && link.ends_at != null && link.ends_at <= link.starts_at)
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: SCHEDULE_ORDER_MESSAGE });
  });
export type ImportedLink = z.output<typeof importedLink>;

/** POST /v1/user/links/import: the links chosen in the review, created all or none. */
export const importLinksBody = z.object({
  links: z
    .array(importedLink, { error: 'Choose at least one link to import' })
    .min(1, { error: 'Choose at least one link to import' })
    .max(LINKS_PER_USER_MAX, { error: `You can have at most ${LINKS_PER_USER_MAX} links` }),
});

/** A link found on the page, with the catalogue platform its URL belongs to. */
export const previewLink = z
  .object({
    title: z.string(),
    url: z.string(),
    platform: z.string(),
    platform_name: z.string(),
    icon: z.string(),
    /** A header of the page (a title, url ''), and a link's schedule there, when it has them. */
    kind: z.enum(LINK_KINDS).optional(),
    display: z.enum(LINK_DISPLAYS).optional(),
    starts_at: z.iso.datetime().optional(),
    ends_at: z.iso.datetime().optional(),
  })
  .strict();
export type PreviewLink = z.infer<typeof previewLink>;
export const importPreview = z.object({ source: z.string(), links: z.array(previewLink) }).strict();
export type ImportPreview = z.infer<typeof importPreview>;
export const importPreviewResponse = dataMessageResponse(importPreview);
/** POST /v1/user/links/import (201): how many links were created. */
export const importedLinksResponse = dataMessageResponse(z.object({ created: z.number().int().positive() }).strict());
