import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type * as Eager from './dialog';

// ui/dialog.tsx with Radix's dialog (about 13 KB gzip) fetched when a dialog first opens: for the
// dialogs a screen shows only on an action (the phone's preview, the leave-guard's question), so
// they stay out of its first load (scripts/bundle-size.ts, ON_DEMAND; the dashboard's budgets).
const load = () => import('./dialog-on-demand');
const Root = lazy(() => load().then((module) => ({ default: module.Dialog })));
const Content = lazy(() => load().then((module) => ({ default: module.DialogContent })));

/** Starts fetching the dialog's code, e.g. once the dialog is likely to open soon. */
export const preloadDialog = () => void load();

/**
 * ui/dialog.tsx's `Dialog`, controlled: nothing until it is first open, then mounted for good,
 * so closing still animates and gives the focus back.
 */
export function Dialog(props: ComponentProps<typeof Eager.Dialog>) {
  const [opened, setOpened] = useState(Boolean(props.open));
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Root {...props} />
    </Suspense>
  );
}

/** ui/dialog.tsx's `DialogContent`, inside the `Dialog` above. */
export const DialogContent = (props: ComponentProps<typeof Eager.DialogContent>) => <Content {...props} />;
