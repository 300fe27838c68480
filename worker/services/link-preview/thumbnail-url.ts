import { derivativePath, IMAGE_SHAPES } from '@shared/media';
import { mediaUrl } from '../../lib/media-url';

// A thumbnail's address, apart from the pipeline that makes it (thumbnail.ts): every card and
// every list of links names its thumbnails, and only an upload or a page's read makes one, so the
// Worker's start-up carries this and loads the rest on first use.

export const THUMBS = 'thumbs';
export const THUMBNAIL_SET = new RegExp(`^${THUMBS}/[0-9a-f]{32}/[0-9a-f]{32}$`);

/** The URL the API answers for a thumbnail set: its JPEG, which any client can draw. */
export const thumbnailUrl = (origin: string, key: string | null | undefined) =>
  key && THUMBNAIL_SET.test(key)
    ? mediaUrl(origin, derivativePath(key, IMAGE_SHAPES.thumbnail.jpegWidth, 'jpg'))
    : null;
