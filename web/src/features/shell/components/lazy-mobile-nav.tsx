import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { useLocation } from 'react-router-dom';
import { DESKTOP } from '../hooks/use-desktop';

// The phone's navigation sheet (with Radix's dialog, about 13 KB gzip) is no part of a screen's
// first load (scripts/bundle-size.ts, ON_DEMAND): on a phone it is fetched once the screen is
// idle, so the first 'Open navigation' still opens it at once; elsewhere on its first opening.
const load = () => import('./mobile-nav');
const MobileNav = lazy(() => load().then((module) => ({ default: module.MobileNav })));

/** The sheet's open state, which every route change resets to closed (docs/product.md §2). */
export function useMobileNavState() {
  const { pathname } = useLocation();
  const [state, setState] = useState({ open: false, pathname });
  // Adjusting state during render (not in an effect) closes the sheet in the same paint.
  if (state.pathname !== pathname) setState({ open: false, pathname });
  const setOpen = (open: boolean) => setState({ open, pathname });
  return [state.open && state.pathname === pathname, setOpen] as const;
}

/** components/mobile-nav.tsx, mounted from its first opening on (so closing animates and returns focus). */
export function LazyMobileNav(props: ComponentProps<typeof MobileNav>) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  useEffect(() => {
    if (window.matchMedia(DESKTOP).matches) return;
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => void load(), { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(() => void load(), 1000);
    return () => clearTimeout(id);
  }, []);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <MobileNav {...props} />
    </Suspense>
  );
}
