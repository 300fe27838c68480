import { IMAGE_MAX_BYTES } from '@shared/constants';
import type { MediaBindings } from '../../env';
import { fetchLimited, isHtml, isImage, PAGE_MAX_BYTES, type FetchRules } from './fetch-page';
import { readPage } from './read-page';
import { storeThumbnail } from './thumbnail';

// A link's page read once (docs/product.md §2, Links): its title, and its image made into the
// link's thumbnail. A page that cannot be read (refused, missing, slow, not HTML, no title) is
// never an error: the answer carries what was found and, when something was not, a quiet note.

export const PAGE_NOT_READ = "We couldn't read this page, so its title and picture were left as they are.";
export const IMAGE_NOT_READ = "We read this page's title, but couldn't use its picture.";

export type LinkPreview = {
  title: string | null;
  /** The thumbnail's set, made and stored; null when the page has no usable image. */
  thumbnailKey: string | null;
  note: string | null;
  /** Why, for the log: never shown to the owner (it may name an address they cannot see). */
  reason: string | null;
};

/** Reads the page at `url` and stores its image as a thumbnail of the card's. */
export async function previewLink(
  media: MediaBindings,
  cardId: string,
  url: string,
  rules: FetchRules,
): Promise<LinkPreview> {
  if (!/^https?:\/\//i.test(url)) return { title: null, thumbnailKey: null, note: null, reason: 'not a web page' };
  const page = await fetchLimited(url, rules, isHtml, PAGE_MAX_BYTES);
  if (!page.ok) return { title: null, thumbnailKey: null, note: PAGE_NOT_READ, reason: page.reason };
  const facts = readPage(new TextDecoder().decode(page.bytes), page.url);
  if (!facts.title && !facts.image)
    return { title: null, thumbnailKey: null, note: PAGE_NOT_READ, reason: 'nothing to read' };
  if (!facts.image) return { title: facts.title, thumbnailKey: null, note: null, reason: null };
  const image = await fetchLimited(facts.image, rules, isImage, IMAGE_MAX_BYTES + 1);
  if (!image.ok || !image.complete)
    return {
      title: facts.title,
      thumbnailKey: null,
      note: IMAGE_NOT_READ,
      reason: image.ok ? 'image too large' : image.reason,
    };
  const stored = await storeThumbnail(media, cardId, image.bytes);
  if (!stored.ok) return { title: facts.title, thumbnailKey: null, note: IMAGE_NOT_READ, reason: stored.reason };
  return { title: facts.title, thumbnailKey: stored.key, note: null, reason: null };
}
