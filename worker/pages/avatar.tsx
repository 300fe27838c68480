import { InitialsPicture } from '../../shared/initials-picture';

/**
 * Spec section 2: the photo, else the generated initials, else a generic icon. The initials
 * sit under the photo, so a photo that fails to load reveals them without any script.
 */
export function Avatar({ name, src }: { name: string; src: string | null }) {
  return (
    <div className="av" role="img" aria-label={name}>
      <InitialsPicture name={name} />
      {src ? <img src={src} alt="" width={96} height={96} /> : null}
    </div>
  );
}
