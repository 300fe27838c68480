import { colourOf, GENERIC_PERSON, initialsOf } from './initials';

/**
 * docs/product.md §2's stand-in for a missing photo, drawn inline as SVG (React escapes the
 * letters): the initials on a colour of the name, else a generic person. The edge-rendered card
 * and the SPA's card both draw this one picture, so the two routes look alike.
 */
export function InitialsPicture({ name, className }: { name: string; className?: string }) {
  const letters = initialsOf(name);
  return (
    <svg viewBox="0 0 96 96" className={className} aria-hidden="true">
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
