import { z } from 'zod';
import { LINK_TITLE_MAX, LINK_URL_MAX, LINKS_PER_USER_MAX } from '../constants';
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

export const importedLink = z.object(
  {
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
      .refine(isAllowedLinkUrl, { error: LINK_URL_SCHEME_MESSAGE }),
  },
  { error: 'Each link needs a title and a URL' },
);
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
  })
  .strict();
export type PreviewLink = z.infer<typeof previewLink>;
export const importPreview = z.object({ source: z.string(), links: z.array(previewLink) }).strict();
export type ImportPreview = z.infer<typeof importPreview>;
export const importPreviewResponse = dataMessageResponse(importPreview);
/** POST /v1/user/links/import (201): how many links were created. */
export const importedLinksResponse = dataMessageResponse(z.object({ created: z.number().int().positive() }).strict());
