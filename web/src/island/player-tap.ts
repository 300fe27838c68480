// The only player code a card loads before a tap (docs/product.md §2, The card: players on tap):
// one listener. The tap itself loads player.ts, which swaps the face for the embed.

/** A plain click: a modified one (new tab, download) is the face's link doing what links do. */
const plain = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export function playOnTap(root: HTMLElement) {
  root.addEventListener('click', (event) => {
    if (event.defaultPrevented || !plain(event)) return;
    const face = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-player]');
    if (!face) return;
    event.preventDefault();
    import('./player').then(
      ({ swapInPlayer }) => swapInPlayer(face),
      // The chunk cannot load (offline, a deploy in between): the face is still its page's link.
      () => window.open(face.href, '_blank', 'noopener'),
    );
  });
}
