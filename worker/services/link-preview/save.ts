import { LINK_THUMBNAIL_MESSAGE } from '@shared/schemas/links';
import type { MediaBindings } from '../../env';
import { invalid } from '../../lib/errors';
import { thumbnailKeyOf, thumbnailStored } from './thumbnail';

type Saved = { thumbnail_url?: string | null | undefined };
type Current = { thumbnailKey: string | null } | null;

/**
 * The thumbnail a save leaves the link with: `undefined` keeps it as it is, null removes it. A
 * thumbnail sent must be one the Worker made for this card (a preview's, an upload's, the link's
 * own). The page itself is read before the save, once, by POST .../links/preview, which the links
 * form calls when an address is pasted or changed: a save never waits on another site, and an
 * API client that sends no thumbnail makes the Worker fetch nothing (docs/decisions/0100).
 */
export async function thumbnailOnSave(
  media: MediaBindings,
  cardId: string,
  body: Saved,
  current: Current,
): Promise<string | null | undefined> {
  if (body.thumbnail_url === null) return null;
  if (body.thumbnail_url === undefined) return undefined;
  const key = await thumbnailKeyOf(body.thumbnail_url, cardId);
  if (!key || (key !== current?.thumbnailKey && !(await thumbnailStored(media.MEDIA, key))))
    throw invalid({ thumbnail_url: [LINK_THUMBNAIL_MESSAGE] });
  return key;
}
