import { colourOf, initialsOf } from '../../shared/initials';

/** A person glyph for a card whose name gives no initials. */
const GENERIC = 'M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z';

/** The initials circle, drawn inline as SVG (React escapes the letters). */
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
        <path d={GENERIC} fill="#fff" transform="translate(18 18) scale(2.5)" />
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
