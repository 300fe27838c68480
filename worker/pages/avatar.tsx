import { colourOf, GENERIC_PERSON, initialsOf } from '../../shared/initials';

/**
 * The initials circle, drawn inline as SVG (React escapes the letters). The SPA's card
 * (web/src/features/public-profile/components/card-avatar.tsx) draws the same picture.
 */
function Initials({ name }: { name: string }) {
  const letters = initialsOf(name);
  return (
    <svg viewBox="0 0 96 96" aria-hidden="true">
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
  );
}

/**
 * Spec section 2: the photo, else the generated initials, else a generic icon. The initials
 * sit under the photo, so a photo that fails to load reveals them without any script.
 */
export function Avatar({ name, src }: { name: string; src: string | null }) {
  return (
    <div className="av" role="img" aria-label={name}>
      <Initials name={name} />
      {src ? <img src={src} alt="" width={96} height={96} /> : null}
    </div>
  );
}
