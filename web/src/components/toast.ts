import type { toast as SonnerToast } from 'sonner';

// The app's toasts (./toaster.tsx), as sonner's `toast`, with sonner itself loaded on the first
// toast rather than before the first screen: about 9 KB gzip and 15 ms of a throttled phone's
// start, for something most visits never show (docs/decisions/0096). A toast asked for meanwhile
// is shown once sonner is in, with the id it was given at once, so it can be updated or dismissed
// as before; the app's provider mounts the toaster from the first toast on, and sonner shows the
// toasts made before its toaster was there.

type Toast = typeof SonnerToast;
type Kind = 'success' | 'error' | 'info' | 'loading';
type Options = NonNullable<Parameters<Toast['success']>[1]>;
type CustomOptions = NonNullable<Parameters<Toast['custom']>[1]>;
type Id = string | number;

/** The toasts, with sonner's `toast` from `load` once the first is asked for (a test gives its own). */
export function toastsLoadedBy(load: () => Promise<{ toast: Toast }>) {
  let sonner: Toast | null = null;
  let loading: Promise<Toast> | null = null;
  const waiting: ((toast: Toast) => void)[] = [];
  const listeners = new Set<() => void>();
  let counter = 0;

  /** Loads sonner once; the calls made meanwhile run in their order, before any made after. */
  function loadToasts(): Promise<Toast> {
    if (loading) return loading;
    loading = load().then(({ toast }) => {
      sonner = toast;
      for (const run of waiting.splice(0)) run(toast);
      return toast;
    });
    for (const listener of listeners) listener();
    return loading;
  }

  function later(run: (toast: Toast) => void) {
    waiting.push(run);
    void loadToasts();
  }

  const show =
    (kind: Kind) =>
    (message: Parameters<Toast[Kind]>[0], options?: Options): Id => {
      if (sonner) return sonner[kind](message, options);
      const id = options?.id ?? `toast-${++counter}`;
      later((toast) => toast[kind](message, { ...options, id }));
      return id;
    };

  const toast = {
    success: show('success'),
    error: show('error'),
    info: show('info'),
    loading: show('loading'),
    custom(render: Parameters<Toast['custom']>[0], options?: CustomOptions): Id {
      if (sonner) return sonner.custom(render, options);
      const id = options?.id ?? `toast-${++counter}`;
      later((toast) => toast.custom(render, { ...options, id }));
      return id;
    },
    /** Dismisses one toast, or all; nothing to do while no toast was ever asked for. */
    dismiss(id?: Id) {
      if (sonner) sonner.dismiss(id);
      else if (loading) waiting.push((toast) => void toast.dismiss(id));
    },
  };

  return {
    toast,
    loadToasts,
    /** Whether a toast was asked for (the toaster is mounted from then on), for useSyncExternalStore. */
    toastsStarted: () => loading !== null,
    onToastsStarted(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

// The toaster's module brings sonner: one file (ON_DEMAND in scripts/bundle-size.ts).
export const { toast, loadToasts, toastsStarted, onToastsStarted } = toastsLoadedBy(() => import('./toaster'));
