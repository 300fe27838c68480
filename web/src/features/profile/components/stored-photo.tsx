import type { CroppedKind } from '../lib/image-rules';
import { Picture } from '@shared/picture';

/** The crop frame's shape: a circle for the photo, a 3:1 band for the cover. */
export const frameShape = (kind: CroppedKind) =>
  kind === 'avatar' ? 'mx-auto aspect-square max-w-72 rounded-full' : 'aspect-[3/1] rounded-lg';

/**
 * The photo as the card shows it now, filling the crop frame: it is already in the page's cache,
 * so the frame has a picture from its first frame, before the dialog's code or the original is here.
 */
export function StoredPhoto({ kind, stored }: { kind: CroppedKind; stored: string }) {
  return (
    <Picture
      url={stored}
      kind={kind}
      // The sizes the Profile screen draws it at, so the browser reuses what it fetched.
      sizes={kind === 'avatar' ? '112px' : '(min-width: 1024px) 900px, 100vw'}
      maxWidth={kind === 'avatar' ? 336 : undefined}
      alt=""
      className="absolute inset-0 h-full w-full object-cover"
    />
  );
}
