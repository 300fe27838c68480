import { useState } from 'react';
import { initialsOf } from '@shared/initials';

type Props = {
  src: string | null | undefined;
  name: string | null | undefined;
  /** Empty for a decorative avatar (the name is shown beside it); otherwise the accessible name. */
  alt?: string;
  imageClassName?: string;
  initialsClassName?: string;
};

/**
 * The avatar image, else up to two initials of the name, else 'U' (spec sections 2 and 9).
 * A broken image falls back to the initials until the source changes.
 */
export function Avatar({ src, name, alt = '', imageClassName, initialsClassName }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src && failedSrc !== src) {
    return <img src={src} alt={alt} className={imageClassName} onError={() => setFailedSrc(src)} />;
  }
  const initials = initialsOf(name ?? '') || 'U';
  return alt ? (
    <span role="img" aria-label={alt} className={initialsClassName}>
      {initials}
    </span>
  ) : (
    <span aria-hidden className={initialsClassName}>
      {initials}
    </span>
  );
}
