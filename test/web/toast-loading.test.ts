import type { toast as SonnerToast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { toastsLoadedBy } from '@/components/toast';

// Sonner loads after the first screen (components/toast.ts): a toast asked for meanwhile is shown
// once it is in, in its order and with the id it was given at once, so a saving toast can still be
// turned into its outcome or dismissed; a load that fails (offline) is tried again.

type Toast = typeof SonnerToast;

/** A stand-in for the toaster's module that notes sonner's calls, loaded when the test says so. */
function sonnerLater() {
  const calls: unknown[][] = [];
  let next = 100;
  const record =
    (kind: string) =>
    (...args: unknown[]) => {
      calls.push([kind, ...args]);
      return (args[1] as { id?: string | number } | undefined)?.id ?? ++next;
    };
  const module = {
    toast: {
      success: record('success'),
      error: record('error'),
      info: record('info'),
      loading: record('loading'),
      custom: record('custom'),
      dismiss: record('dismiss'),
    } as unknown as Toast,
  };
  let settle: (ok: boolean) => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<typeof module>((resolve, reject) => {
        settle = (ok) => (ok ? resolve(module) : reject(new Error('offline')));
      }),
  );
  const flush = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return {
    calls,
    load,
    arrive: async () => (settle(true), await flush()),
    fail: async () => (settle(false), await flush()),
  };
}

describe('toasts before sonner is in', () => {
  it('loads nothing until asked, and a dismissal alone loads nothing', () => {
    const sonner = sonnerLater();
    const toasts = toastsLoadedBy(sonner.load);
    toasts.toast.dismiss();
    expect(sonner.load).not.toHaveBeenCalled();
    expect(toasts.loadedToasts()).toBeNull();
  });

  it('shows what was asked meanwhile in order, with its ids, and then tells the toaster', async () => {
    const sonner = sonnerLater();
    const toasts = toastsLoadedBy(sonner.load);
    const loaded = vi.fn();
    toasts.onToastsLoaded(loaded);
    const id = toasts.toast.loading('Saving…');
    toasts.toast.success('Saved', { id });
    const other = toasts.toast.error('Could not save the photo');
    toasts.toast.dismiss(other);
    expect(sonner.calls).toEqual([]);

    await sonner.arrive();
    expect(sonner.load).toHaveBeenCalledTimes(1);
    expect(sonner.calls).toEqual([
      ['loading', 'Saving…', { id }],
      ['success', 'Saved', { id }],
      ['error', 'Could not save the photo', { id: other }],
      ['dismiss', other],
    ]);
    expect(id).not.toBe(other);
    expect(loaded).toHaveBeenCalledTimes(1);
    expect(toasts.loadedToasts()?.toast).toBeDefined();
  });

  it('once sonner is in, hands each call straight to it', async () => {
    const sonner = sonnerLater();
    const toasts = toastsLoadedBy(sonner.load);
    void toasts.loadToasts();
    await sonner.arrive();
    expect(toasts.toast.info('Now')).toBe(101);
    expect(sonner.calls).toEqual([['info', 'Now', undefined]]);
  });

  it('tries again after a load that failed, with the toasts still waiting', async () => {
    const sonner = sonnerLater();
    const toasts = toastsLoadedBy(sonner.load);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    toasts.toast.error('You are offline');
    await sonner.fail();
    expect(sonner.calls).toEqual([]);
    toasts.toast.info('Back online');
    expect(sonner.load).toHaveBeenCalledTimes(2);
    await sonner.arrive();
    expect(sonner.calls.map(([kind, message]) => [kind, message])).toEqual([
      ['error', 'You are offline'],
      ['info', 'Back online'],
    ]);
  });
});
