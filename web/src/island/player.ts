import { PLAYER_FRAME_HOSTS } from '@shared/players';

// Loaded on the first tap of a player's face (player-tap.ts): the privacy-enhanced embed takes
// the face's place. Only the hosts the card's Content-Security-Policy frames are ever used.

const ALLOWED = new Set<string>(PLAYER_FRAME_HOSTS);

export function swapInPlayer(face: HTMLAnchorElement) {
  const embed = face.dataset.player ?? '';
  let origin = '';
  try {
    origin = new URL(embed).origin;
  } catch {
    // Not an address: the face stays a link.
  }
  if (!ALLOWED.has(origin)) {
    window.open(face.href, '_blank', 'noopener');
    return;
  }
  const frame = document.createElement('iframe');
  frame.src = embed;
  frame.className = face.className;
  frame.title = face.textContent?.trim() || 'Player';
  frame.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen; clipboard-write';
  frame.allowFullscreen = true;
  frame.referrerPolicy = 'strict-origin-when-cross-origin';
  face.replaceWith(frame);
  frame.focus();
}
