import { z } from 'zod';
import { LINKS_PER_USER_MAX } from '../constants';
import {
  importedLinksResponse,
  importLinksBody,
  importPreviewBody,
  importPreviewResponse,
} from '../schemas/link-import';
import {
  linkBody,
  linkIdParam,
  linkOrderBody,
  linkPreviewBody,
  linkPreviewResponse,
  linkSavedResponse,
  linkThumbnailResponse,
  linksReorderedResponse,
  linksResponse,
  linkUpdateBody,
} from '../schemas/links';
import { messageResponse } from '../schemas/responses';
import { statsQuery, statsResponse } from '../schemas/stats';
import type { Resource } from './types';

const NOT_FOUND = 'No link of yours has this id ("Link not found").';
const SAVE_REFUSALS =
  'Also: the destination is on the phishing and malware blocklist, the icon is a path of this site ' +
  "that is not an uploaded image, `thumbnail_url` is not one of this card's thumbnails, or `display` is " +
  "'player' for an address that cannot play.";

export const linksResource: Resource = {
  name: 'Links',
  description:
    `The owner's links, in their order on the card (at most ${LINKS_PER_USER_MAX}), and 'Import links' ` +
    'from a public Linktree page.',
  routes: [
    {
      method: 'GET',
      path: '/v1/user/links',
      summary: 'Every link, in display order',
      description: 'Never paged (`all=true` is accepted and changes nothing).',
      access: 'user',
      answers: { 200: linksResponse },
    },
    {
      method: 'POST',
      path: '/v1/user/links',
      summary: 'Add a link',
      description: 'Without `display_order` it goes to the end of the list.',
      access: 'user',
      body: {
        type: 'json',
        schema: linkBody,
        example: { title: 'Blog', url: 'https://ada.example.com/blog', icon: '/icons/website.svg' },
      },
      answers: { 201: linkSavedResponse },
      errors: { 422: `${SAVE_REFUSALS} Or the owner already has ${LINKS_PER_USER_MAX} links.` },
    },
    {
      method: 'PUT',
      path: '/v1/user/links/order',
      summary: 'Reorder: every link id, in the new order',
      access: 'user',
      body: { type: 'json', schema: linkOrderBody, example: { ids: [3, 1, 2] } },
      answers: { 200: linksReorderedResponse },
      errors: { 422: "Also: the ids are not exactly the owner's links, each once." },
    },
    {
      method: 'PUT',
      path: '/v1/user/links/:id',
      summary: 'Change a link; absent fields stay as they are',
      access: 'user',
      params: linkIdParam,
      body: { type: 'json', schema: linkUpdateBody, example: { is_active: false } },
      answers: { 200: linkSavedResponse },
      errors: { 404: NOT_FOUND, 422: SAVE_REFUSALS },
    },
    {
      method: 'POST',
      path: '/v1/user/links/:id/restore',
      summary: 'Undo the deletion of a link',
      description: "'Undo' in the 'Link deleted' toast: the link comes back with its clicks.",
      access: 'user',
      params: linkIdParam,
      answers: { 200: linkSavedResponse },
      errors: {
        404: 'No deleted link of yours has this id.',
        422: `The owner already has ${LINKS_PER_USER_MAX} links.`,
      },
    },
    {
      method: 'DELETE',
      path: '/v1/user/links/:id',
      summary: 'Delete a link',
      access: 'user',
      params: linkIdParam,
      answers: { 200: messageResponse },
      errors: { 404: NOT_FOUND },
    },
    {
      method: 'POST',
      path: '/v1/user/links/preview',
      summary: "Read a page's title and picture before its link is saved",
      description:
        'The Worker fetches the page once (3 s, 512 KB, 3 redirects; never a private or loopback address, ' +
        'never this site) and makes its Open Graph image into a thumbnail on this site. A page that cannot ' +
        'be read answers 200 with `note` set and nothing else: it is never an error. Send the answered ' +
        '`thumbnail_url` with the link to keep the picture.',
      access: 'user',
      body: { type: 'json', schema: linkPreviewBody, example: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } },
      answers: { 200: linkPreviewResponse },
    },
    {
      method: 'POST',
      path: '/v1/user/links/thumbnail',
      summary: "The owner's own thumbnail for a link, to send with the link as `thumbnail_url`",
      description:
        'Multipart field `thumbnail`: a JPG, PNG, GIF or WebP of at most 5 MB, resized to 16:9 and re-encoded.',
      access: 'user',
      body: {
        type: 'multipart',
        schema: z.object({}),
        files: { thumbnail: { description: 'A JPG, PNG, GIF or WebP image, at most 5 MB', required: true } },
      },
      answers: { 201: linkThumbnailResponse },
      errors: { 422: 'No file, more than 5 MB, or not a JPG, PNG, GIF or WebP image.' },
    },
    {
      method: 'POST',
      path: '/v1/user/links/import/preview',
      summary: 'Read the links of a public Linktree page, to choose from',
      access: 'user',
      body: { type: 'json', schema: importPreviewBody, example: { url: 'https://linktr.ee/adalovelace' } },
      answers: { 200: importPreviewResponse },
      errors: {
        422: 'Also: not a Linktree address, or the page has no links that can be read.',
        502: 'Linktree did not answer, or has no page at this address.',
      },
    },
    {
      method: 'POST',
      path: '/v1/user/links/import',
      summary: 'Create the chosen links, all or none',
      access: 'user',
      body: {
        type: 'json',
        schema: importLinksBody,
        example: { links: [{ title: 'Blog', url: 'https://ada.example.com/blog' }] },
      },
      answers: { 201: importedLinksResponse },
      errors: { 422: `Also: they would take the owner past ${LINKS_PER_USER_MAX} links.` },
    },
  ],
};

export const statsResource: Resource = {
  name: 'Statistics',
  description: "The owner's numbers: views, clicks, visitors, contacts, and where visitors came from.",
  routes: [
    {
      method: 'GET',
      path: '/v1/user/stats',
      summary: 'Views, clicks and breakdowns for the last 7, 30 or 90 days, or all time',
      description:
        'Zeros, never an error, before the first visit. `contact_saves` counts the downloads of the vCard (Save contact) in the period.',
      access: 'user',
      query: statsQuery,
      answers: { 200: statsResponse },
    },
  ],
};
