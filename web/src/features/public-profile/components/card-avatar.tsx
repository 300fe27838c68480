import { useState } from 'react';
import { InitialsPicture } from '@shared/initials-picture';
import { Picture } from '@shared/picture';

/**
 * docs/product.md §2: the photo, else the initials this product draws, else a generic icon; the
 * same picture as the edge-rendered card (worker/pages/avatar.tsx).
 */
export function CardAvatar({ name, src }: { name: string; src: string | null }) {
  // The source that failed to load, so a new photo gets its own chance.
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div
      className="relative h-24 w-24 shrink-0 overflow-hidden rounded-full border-4"
      style={{ borderColor: 'var(--bg)', background: 'var(--bg)' }}
      role="img"
      aria-label={name}
    >
      <InitialsPicture name={name} className="absolute inset-0 h-full w-full" />
      {src && src !== failed ? (
        <Picture
          url={src}
          kind="avatar"
          alt=""
          className="absolute inset-0 h-full w-full object-cover"
          onError={() => setFailed(src)}
        />
      ) : null}
    </div>
  );
}
