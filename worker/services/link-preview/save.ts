import { LINK_THUMBNAIL_MESSAGE } from '@shared/schemas/links';
import { playerOf } from '@shared/players';
import type { MediaBindings } from '../../env';
import { invalid } from '../../lib/errors';
import type { FetchRules } from './fetch-page';
import { previewLink } from './preview';
import { thumbnailKeyOf, thumbnailStored } from './thumbnail';

export const NOT_A_PLAYER_MESSAGE = 'This address cannot show as a player';

type Saved = { url?: string; thumbnail_url?: string | null | undefined; display?: string | undefined };
type Current = { url: string; thumbnailKey: string | null } | null;

/**
 * The thumbnail a save leaves the link with: `undefined` keeps it as it is. A thumbnail sent
 * must be one the Worker made for this card (a preview's, an upload's, the link's own); none
 * sent, with a new address, reads the page once for one (docs/product.md §2, Links), and a page
 * that cannot be read leaves the link as it is, with a note.
 */
export async function thumbnailOnSave(
  media: MediaBindings,
  cardId: string,
  body: Saved,
  current: Current,
  rules: FetchRules,
): Promise<{ key: string | null | undefined; note: string | null; reason: string | null }> {
  if (body.thumbnail_url === null) return { key: null, note: null, reason: null };
  if (body.thumbnail_url !== undefined) {
    const key = await thumbnailKeyOf(body.thumbnail_url, cardId);
    if (!key || (key !== current?.thumbnailKey && !(await thumbnailStored(media.MEDIA, key))))
      throw invalid({ thumbnail_url: [LINK_THUMBNAIL_MESSAGE] });
    return { key, note: null, reason: null };
  }
  if (body.url === undefined || body.url === current?.url) return { key: undefined, note: null, reason: null };
  const preview = await previewLink(media, cardId, body.url, rules);
  return { key: preview.thumbnailKey ?? (current ? undefined : null), note: preview.note, reason: preview.reason };
}

/** 'player' only for an address shared/players.ts can play. */
export function checkDisplay(body: Saved, current: Current) {
  if (body.display === undefined || body.display !== 'player') return;
  const url = body.url ?? current?.url ?? '';
  if (!playerOf(url)) throw invalid({ display: [NOT_A_PLAYER_MESSAGE] }, NOT_A_PLAYER_MESSAGE);
}
