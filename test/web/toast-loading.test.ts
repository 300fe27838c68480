import type { toast as SonnerToast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { toastsLoadedBy } from '@/components/toast';

// Sonner loads with the first toast (components/toast.ts): what is asked for meanwhile is shown
// once it is in, in its order and with the id it was given at once, so a saving toast can still
// be turned into its outcome or dismissed.

type Toast = typeof SonnerToast;

/** A stand-in for sonner's toast that notes its calls, loaded when the test says so. */
function sonnerLater() {
  const calls: unknown[][] = [];
  let next = 100;
  const record =
    (kind: string) =>
    (...args: unknown[]) => {
      calls.push([kind, ...args]);
      return (args[1] as { id?: string | number } | undefined)?.id ?? ++next;
    };
  const fake = {
    success: record('success'),
    error: record('error'),
    info: record('info'),
    loading: record('loading'),
    custom: record('custom'),
    dismiss: record('dismiss'),
  } as unknown as Toast;
  let arrive: () => void = () => {};
  const load = vi.fn(() => new Promise<{ toast: Toast }>((resolve) => (arrive = () => resolve({ toast: fake }))));
  return { calls, load, arrive: async () => (arrive(), await Promise.resolve(), await Promise.resolve()) };
}

describe('toasts before sonner is in', () => {
  it('loads nothing until a toast is asked for, and a dismissal alone loads nothing', () => {
    const sonner = sonnerLater();
    const toasts = toastsLoadedBy(sonner.load);
    toasts.toast.dismiss();
    expect(sonner.load).not.toHaveBeenCalled();
    expect(toasts.toastsStarted()).toBe(false);
  });

  it('tells the toaster at the first toast, and shows what was asked meanwhile in order, with its ids', async () => {
    const sonner = sonnerLater();
    const toasts = toastsLoadedBy(sonner.load);
    const started = vi.fn();
    toasts.onToastsStarted(started);
    const id = toasts.toast.loading('Saving…');
    expect(started).toHaveBeenCalledTimes(1);
    expect(toasts.toastsStarted()).toBe(true);
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
  });

  it('once sonner is in, hands each call straight to it', async () => {
    const sonner = sonnerLater();
    const toasts = toastsLoadedBy(sonner.load);
    toasts.toast.info('First');
    await sonner.arrive();
    expect(toasts.toast.info('Second')).toBe(101);
    expect(sonner.calls.at(-1)).toEqual(['info', 'Second', undefined]);
  });
});
