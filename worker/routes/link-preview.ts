import { Hono } from 'hono';
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '@shared/constants';
import type { Answer } from '@shared/schemas/responses';
import { linkPreviewBody, type linkPreviewResponse, type linkThumbnailResponse } from '@shared/schemas/links';
import type { AppEnv } from '../env';
import { fieldError } from '../lib/errors';
import { validate } from '../lib/validate';
import { requireAuth } from '../middleware/auth';
import { withCard } from '../middleware/card';
import { limitBody } from '../middleware/body-limit';
import { fetchRules } from '../services/link-preview/rules';
import { thumbnailUrl } from '../services/link-preview/thumbnail-url';

// Before a link is saved (docs/product.md §2, Links): the page it points at, read once for its
// title and picture, and the owner's own picture instead. Both answer a thumbnail made for this
// card, which the link's save then names (`thumbnail_url`). The reader and the image pipeline
// load on first use: a visitor's card never needs them.

export const THUMBNAIL_MISSING = 'Please choose a thumbnail image';
export const THUMBNAIL_TOO_LARGE = 'Thumbnail image must be less than 5MB';
export const THUMBNAIL_WRONG_TYPE = 'Thumbnail must be a JPG, PNG, GIF or WebP image';

// Mounted beside the links' routes under the same prefix: its guards are its own routes', so a
// request to another links route is not signed in (and counted against a token's bound) twice.
export const linkPreview = new Hono<AppEnv>()
  .post('/preview', requireAuth, withCard, limitBody(16 * 1024), validate('json', linkPreviewBody), async (c) => {
    const { url } = c.req.valid('json');
    const { previewLink } = await import('../services/link-preview/preview');
    const preview = await previewLink(c.env, c.var.cardId, url, fetchRules(c));
    return c.json({
      success: true,
      data: {
        url,
        title: preview.title,
        thumbnail_url: thumbnailUrl(new URL(c.req.url).origin, preview.thumbnailKey),
        note: preview.note,
      },
    } satisfies Answer<typeof linkPreviewResponse>);
  })
  .post(
    '/thumbnail',
    requireAuth,
    withCard,
    limitBody(IMAGE_MAX_BYTES + 1024 * 1024, THUMBNAIL_TOO_LARGE),
    validate('form', z.object({ thumbnail: z.unknown().optional() })),
    async (c) => {
      const file = c.req.valid('form').thumbnail;
      if (!(file instanceof File) || file.size === 0) throw fieldError('thumbnail', THUMBNAIL_MISSING);
      if (file.size > IMAGE_MAX_BYTES) throw fieldError('thumbnail', THUMBNAIL_TOO_LARGE);
      const { storeThumbnail } = await import('../services/link-preview/thumbnail');
      const stored = await storeThumbnail(c.env, c.var.cardId, new Uint8Array(await file.arrayBuffer()));
      if (!stored.ok)
        throw fieldError('thumbnail', stored.reason === 'too large' ? THUMBNAIL_TOO_LARGE : THUMBNAIL_WRONG_TYPE);
      return c.json(
        {
          success: true,
          data: { thumbnail_url: thumbnailUrl(new URL(c.req.url).origin, stored.key)! },
        } satisfies Answer<typeof linkThumbnailResponse>,
        201,
      );
    },
  );
