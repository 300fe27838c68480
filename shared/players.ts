// Which link addresses can play on the card (docs/product.md §2, The card: players on tap), and
// the privacy-enhanced embed each becomes once a visitor taps its face. Only these hosts are
// ever framed: the card's Content-Security-Policy names exactly `PLAYER_FRAME_HOSTS`.

export type PlayerKind = 'youtube' | 'spotify' | 'soundcloud' | 'vimeo' | 'apple-music';

export type Player = {
  kind: PlayerKind;
  /** The embed the tap swaps in: never loaded before the tap. */
  embed: string;
  /** Width over height of the frame, so the face already takes the player's place. */
  aspect: 'video' | 'short' | 'audio' | 'compact';
};

/** The only hosts a card may frame: the CSP's `frame-src` (worker/pages/render.ts). */
export const PLAYER_FRAME_HOSTS = [
  'https://www.youtube-nocookie.com',
  'https://open.spotify.com',
  'https://w.soundcloud.com',
  'https://player.vimeo.com',
  'https://embed.music.apple.com',
] as const;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const host = (url: URL) => url.hostname.toLowerCase().replace(/^(?:www\.|m\.|music\.)/, '');

function youtube(url: URL): Player | null {
  const name = host(url);
  let id: string | null = null;
  let short = false;
  if (name === 'youtu.be') id = url.pathname.split('/')[1] ?? null;
  else if (name === 'youtube.com') {
    const [first, second] = url.pathname.split('/').filter(Boolean);
    if (first === 'watch') id = url.searchParams.get('v');
    else if (first === 'shorts' || first === 'embed' || first === 'live') {
      id = second ?? null;
      short = first === 'shorts';
    }
  }
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return {
    kind: 'youtube',
    embed: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`,
    aspect: short ? 'short' : 'video',
  };
}

const SPOTIFY_KINDS = new Set(['track', 'album', 'playlist', 'episode']);
function spotify(url: URL): Player | null {
  if (host(url) !== 'open.spotify.com') return null;
  // A localised address (`/intl-de/track/...`) names the same item.
  const parts = url.pathname.split('/').filter((part) => part && !part.startsWith('intl-'));
  const [kind, id] = parts;
  if (!kind || !SPOTIFY_KINDS.has(kind) || !id || !/^[A-Za-z0-9]{22}$/.test(id) || parts.length !== 2) return null;
  return {
    kind: 'spotify',
    embed: `https://open.spotify.com/embed/${kind}/${id}`,
    aspect: kind === 'track' || kind === 'episode' ? 'compact' : 'audio',
  };
}

function soundcloud(url: URL): Player | null {
  if (host(url) !== 'soundcloud.com') return null;
  const parts = url.pathname.split('/').filter(Boolean);
  // A track is `/{artist}/{track}`; `/{artist}/sets/...` and the artist's tabs are not tracks.
  const tabs = new Set(['sets', 'tracks', 'albums', 'reposts', 'likes', 'popular-tracks', 'followers', 'following']);
  if (parts.length !== 2 || tabs.has(parts[1]!) || !parts.every((part) => /^[A-Za-z0-9_-]+$/.test(part))) return null;
  const track = `https://soundcloud.com/${parts[0]}/${parts[1]}`;
  return {
    kind: 'soundcloud',
    embed: `https://w.soundcloud.com/player/?url=${encodeURIComponent(track)}&auto_play=true`,
    aspect: 'compact',
  };
}

function vimeo(url: URL): Player | null {
  const name = host(url);
  const parts = url.pathname.split('/').filter(Boolean);
  const id = name === 'vimeo.com' ? parts[0] : name === 'player.vimeo.com' && parts[0] === 'video' ? parts[1] : null;
  if (!id || !/^\d{4,12}$/.test(id)) return null;
  return { kind: 'vimeo', embed: `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`, aspect: 'video' };
}

function appleMusic(url: URL): Player | null {
  if (url.hostname.toLowerCase() !== 'music.apple.com') return null;
  const parts = url.pathname.split('/').filter(Boolean);
  // `/{storefront}/album/{name}/{id}`; the name part may be absent.
  const [storefront, kind, ...rest] = parts;
  const id = rest.at(-1);
  if (!storefront || !/^[a-z]{2}$/.test(storefront) || kind !== 'album' || !id || !/^\d{5,15}$/.test(id)) return null;
  const name = rest.length === 2 ? `${encodeURIComponent(decodeURIComponent(rest[0]!))}/` : '';
  return {
    kind: 'apple-music',
    embed: `https://embed.music.apple.com/${storefront}/album/${name}${id}`,
    aspect: 'audio',
  };
}

/** The player of a link's address, or null when it is none of the kinds the card can play. */
export function playerOf(address: string): Player | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  try {
    return youtube(url) ?? spotify(url) ?? soundcloud(url) ?? vimeo(url) ?? appleMusic(url);
  } catch {
    return null;
  }
}

/**
 * The card's `frame-src`: the embed hosts of the players it shows, and nothing else; null for a
 * card without one, whose policy keeps framing nothing (worker/routes/public-page.tsx).
 */
export function playerFrameSrc(links: readonly { url: string; display?: string }[]): string | null {
  const hosts = new Set<string>();
  for (const link of links) {
    if (link.display !== 'player') continue;
    const player = playerOf(link.url);
    if (player) hosts.add(new URL(player.embed).origin);
  }
  return hosts.size > 0 ? `frame-src ${[...hosts].sort().join(' ')}` : null;
}
