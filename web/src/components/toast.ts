import type { toast as SonnerToast } from 'sonner';

// The app's toasts (./toaster.tsx), as sonner's `toast`, with sonner itself loaded once the first
// screen is drawn (the app's provider asks when the page is idle) or at the first toast, whichever
// comes first, rather than before the first screen: about 9 KB gzip and 15 ms of a throttled
// phone's start (docs/decisions/0096). A toast asked for meanwhile is shown once sonner is in, with
// the id it was given at once, so it can be updated or dismissed as before; sonner shows the toasts
// made before its toaster was mounted. Loaded at idle, it is there for the toasts that say the
// network failed.

type Toast = typeof SonnerToast;
type Kind = 'success' | 'error' | 'info' | 'loading';
type Options = NonNullable<Parameters<Toast['success']>[1]>;
type CustomOptions = NonNullable<Parameters<Toast['custom']>[1]>;
type Id = string | number;

/** The toasts, with the module that holds sonner's `toast` (and the toaster) from `load`; a test gives its own. */
export function toastsLoadedBy<M extends { toast: Toast }>(load: () => Promise<M>) {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  const waiting: ((toast: Toast) => void)[] = [];
  const listeners = new Set<() => void>();
  let counter = 0;

  /**
   * Loads the module once; the calls made meanwhile run in their order, before any made after.
   * A failed load (offline) is tried again by the next toast, with those still waiting.
   */
  function loadToasts(): Promise<M> {
    loading ??= load().then(
      (module) => {
        loaded = module;
        for (const run of waiting.splice(0)) run(module.toast);
        for (const listener of listeners) listener();
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  }

  function later(run: (toast: Toast) => void) {
    waiting.push(run);
    loadToasts().catch((error: unknown) => console.warn('Could not load the toasts', error));
  }

  const show =
    (kind: Kind) =>
    (message: Parameters<Toast[Kind]>[0], options?: Options): Id => {
      if (loaded) return loaded.toast[kind](message, options);
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
      if (loaded) return loaded.toast.custom(render, options);
      const id = options?.id ?? `toast-${++counter}`;
      later((toast) => toast.custom(render, { ...options, id }));
      return id;
    },
    /** Dismisses one toast, or all; nothing to do while none was ever asked for. */
    dismiss(id?: Id) {
      if (loaded) loaded.toast.dismiss(id);
      else if (waiting.length > 0) waiting.push((toast) => void toast.dismiss(id));
    },
  };

  return {
    toast,
    loadToasts,
    /** The loaded module (the app's provider mounts its toaster), for useSyncExternalStore. */
    loadedToasts: () => loaded,
    onToastsLoaded(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

// The toaster's module brings sonner: one file (ON_DEMAND in scripts/bundle-size.ts).
export const { toast, loadToasts, loadedToasts, onToastsLoaded } = toastsLoadedBy(() => import('./toaster'));
