import { InitialsPicture } from '@shared/initials-picture';
import { Picture } from '@shared/picture';

/**
 * docs/product.md §2: the photo, else the generated initials, else a generic icon. The initials
 * sit under the photo, so a photo that fails to load reveals them without any script. Without a
 * cover the avatar is the largest image, so it is fetched first.
 */
export function Avatar({ name, src, first }: { name: string; src: string | null; first: boolean }) {
  return (
    <div className="av" role="img" aria-label={name}>
      <InitialsPicture name={name} />
      {src ? (
        <Picture url={src} kind="avatar" alt="" {...(first ? { fetchPriority: 'high' } : { decoding: 'async' })} />
      ) : null}
    </div>
  );
}
