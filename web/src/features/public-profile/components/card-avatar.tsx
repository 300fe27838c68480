import { useState } from 'react';
import { colourOf, GENERIC_PERSON, initialsOf } from '@shared/initials';

/**
 * Spec section 2: the photo, else the initials this product draws, else a generic icon; the
 * same SVG as the edge-rendered card (worker/pages/avatar.tsx), so both routes look alike.
 */
export function CardAvatar({ name, src }: { name: string; src: string | null }) {
  // The source that failed to load, so a new photo gets its own chance.
  const [failed, setFailed] = useState<string | null>(null);
  const letters = initialsOf(name);
  return (
    <div
      className="relative h-24 w-24 shrink-0 overflow-hidden rounded-full border-4"
      style={{ borderColor: 'var(--bg)', background: 'var(--bg)' }}
      role="img"
      aria-label={name}
    >
      <svg viewBox="0 0 96 96" className="absolute inset-0 h-full w-full" aria-hidden="true">
        <circle cx="48" cy="48" r="48" fill={colourOf(name)} />
        {letters ? (
          <text
            x="48"
            y="50"
            dominantBaseline="middle"
            textAnchor="middle"
            fill="#fff"
            fontSize="38"
            fontWeight="600"
            fontFamily="system-ui,sans-serif"
          >
            {letters}
          </text>
        ) : (
          <path d={GENERIC_PERSON} fill="#fff" transform="translate(18 18) scale(2.5)" />
        )}
      </svg>
      {src && src !== failed ? (
        <img
          src={src}
          alt=""
          width={96}
          height={96}
          className="absolute inset-0 h-full w-full object-cover"
          onError={() => setFailed(src)}
        />
      ) : null}
    </div>
  );
}
