import { useSyncExternalStore } from 'react';

/** From this width the shell has its sidebar; below it, the header's button opens the sheet (docs/product.md §2). */
export const DESKTOP = '(min-width: 1024px)';

const media = () => window.matchMedia(DESKTOP);

function subscribe(onChange: () => void) {
  const list = media();
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Whether the window is wide enough for the sidebar, following it as it is resized or turned. */
export const useDesktop = () => useSyncExternalStore(subscribe, () => media().matches);
