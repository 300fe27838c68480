import { useState } from 'react';
import { initialsOf } from '@shared/initials';
import { Picture } from '@shared/picture';

type Props = {
  src: string | null | undefined;
  name: string | null | undefined;
  /** Empty for a decorative avatar (the name is shown beside it); otherwise the accessible name. */
  alt?: string;
  /** The drawn size in CSS pixels: the browser picks the derivative that fits it (shared/media.ts). */
  size: number;
  imageClassName?: string;
  initialsClassName?: string;
};

/**
 * The avatar image, else up to two initials of the name, else 'U' (docs/product.md §2 and §9).
 * A broken image falls back to the initials until the source changes.
 */
export function Avatar({ src, name, alt = '', size, imageClassName, initialsClassName }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src && failedSrc !== src) {
    return (
      <Picture
        url={src}
        kind="avatar"
        sizes={`${size}px`}
        maxWidth={size * 3}
        alt={alt}
        className={imageClassName}
        decoding="async"
        onError={() => setFailedSrc(src)}
      />
    );
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
