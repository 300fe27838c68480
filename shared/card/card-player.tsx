import { Picture } from '../picture';
import type { Player } from '../players';

// A link shown as a player (docs/product.md §2, The card: players on tap). Until the visitor
// taps, it is the link's own thumbnail (served from this site) and a play button: nothing of the
// third party is loaded. Without JavaScript the face is a plain link to the page; with it, the
// island swaps in the embed on the tap (web/src/island/player-tap.ts, which loads player.ts then).

/** A thumbnail of this card's own site (`/media/thumbs/...`), else null: the face never hot-links. */
export function ownThumbnail(value: string | null | undefined, origin: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, origin);
    return url.origin === origin && url.pathname.startsWith('/media/thumbs/') ? url.href : null;
  } catch {
    return null;
  }
}

export type PlayerLink = { id: number; title: string; href: string; thumbnail: string | null; player: Player };

/** How a card recognises players: shared/players.ts's `playerOf`, which the Worker passes in. */
export type RecognisePlayer = (url: string) => Player | null;

/**
 * The dashboard's preview plays nothing, so it does not load the player catalogue (the profile
 * screen's first-load budget): a link the owner set to 'player' shows the video face.
 */
const previewFace: RecognisePlayer = () => ({ kind: 'youtube', embed: '', aspect: 'video' });

/** The player of a link that asks to be one and can be one, else null (it shows as a button). */
export function asPlayer(
  link: {
    id: number;
    title: string;
    href: string;
    thumbnail_url?: string | null | undefined;
    display?: string | undefined;
    sensitive?: boolean | undefined;
  },
  origin: string,
  recognise: RecognisePlayer = previewFace,
): PlayerLink | null {
  // A link behind the interstitial is never played in place: its button goes to the warning first.
  if (link.display !== 'player' || link.sensitive) return null;
  const player = recognise(link.href);
  return player ? { ...link, thumbnail: ownThumbnail(link.thumbnail_url, origin), player } : null;
}

/**
 * A phone draws the face at most 400 CSS px wide (the card's 1rem margins on a 432 px screen), and
 * gets the 400 px derivative: one pixel per CSS pixel of its box, not three. The face is a poster
 * under a play button, replaced by the video on the tap, and the 640 px one would take a card
 * with a player over its weight budget on a phone (docs/product.md §2, The card).
 */
export const PHONE_FACE = { media: '(max-width: 432px)', maxWidth: 400 };

function PlayGlyph() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className="play">
      <circle cx="32" cy="32" r="30" />
      <path d="M26 20v24l19-12z" />
    </svg>
  );
}

export function PlayerFace({ link, preview }: { link: PlayerLink; preview: boolean }) {
  return (
    <a
      className={`player ar-${link.player.aspect}`}
      href={link.href}
      target="_blank"
      rel="noopener noreferrer"
      // The embed's address: read only by the island, on the tap.
      data-player={preview ? undefined : link.player.embed}
      data-link-id={preview ? undefined : link.id}
      ping={preview ? undefined : `/v1/link/${link.id}/click`}
      data-preview-link={preview ? link.id : undefined}
    >
      {link.thumbnail ? (
        <Picture url={link.thumbnail} kind="thumbnail" narrow={PHONE_FACE} alt="" loading="lazy" decoding="async" />
      ) : null}
      <PlayGlyph />
      <span dir="auto">{link.title}</span>
    </a>
  );
}
