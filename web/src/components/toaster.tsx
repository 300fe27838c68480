import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import type { ColorScheme } from '@/lib/color-scheme';
import { words } from '@/lib/i18n';

const t = words('app');

// For ./toast.ts, which loads this module with the first toast.
export { toast } from 'sonner';

/** How long a toast stays, and an Undo toast (components/undo-toast.tsx) at the least. */
export const TOAST_MS = 4000;

/**
 * The app's toasts (decision 74): at the bottom on every screen, so they never cover the header's
 * buttons or a dialog's title (index.css lifts them above the save bar), with the close button
 * inside. Hovering or touching them holds them; a tap on a toast's text closes it and reaches what
 * it covered (passTapsThrough). Sonner's own labels are English, so the region
 * and the close button get the app's words.
 */
export function Toaster({ scheme }: { scheme: ColorScheme }) {
  useEffect(() => releasePressesEndedElsewhere(), []);
  useEffect(() => passTapsThrough(), []);
  return (
    <Sonner
      position="bottom-right"
      closeButton
      duration={TOAST_MS}
      visibleToasts={3}
      gap={14}
      richColors
      theme={scheme}
      mobileOffset={{ bottom: 'max(16px, env(safe-area-inset-bottom))' }}
      containerAriaLabel={t('app.notifications')}
      toastOptions={{ closeButtonAriaLabel: t('app.close_notification') }}
    />
  );
}

/**
 * Sonner holds every toast while a press that began on one lasts, and learns that it ended only
 * from a pointerup on its own list. A press that ends elsewhere (a tap on Undo while the stack
 * slides, a finger lifted beside the toast) left every toast held for good: they stayed on screen
 * until the next tap on one. The end of any press outside the list is handed to the list.
 */
function releasePressesEndedElsewhere() {
  const list = () => document.querySelector('[data-sonner-toaster]');
  const inList = (event: PointerEvent) => event.target instanceof Node && !!list()?.contains(event.target);
  // Only presses that began on a toast: any other (a drag on the page) is none of the list's business.
  const pressed = new Set<number>();
  const begin = (event: PointerEvent) => {
    if (inList(event)) pressed.add(event.pointerId);
  };
  const end = (event: PointerEvent) => {
    if (!pressed.delete(event.pointerId) || inList(event)) return;
    const { pointerId, clientX, clientY } = event;
    list()?.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerId, clientX, clientY }));
  };
  document.addEventListener('pointerdown', begin, true);
  document.addEventListener('pointerup', end, true);
  document.addEventListener('pointercancel', end, true);
  return () => {
    document.removeEventListener('pointerdown', begin, true);
    document.removeEventListener('pointerup', end, true);
    document.removeEventListener('pointercancel', end, true);
  };
}

/**
 * A toast lies over whatever is at the foot of the screen, on a phone often the field the owner
 * means to tap next. A tap on a toast's text (not on its buttons: Undo, close) closes the toast and
 * is handed to what lay under it, so no tap waits behind a toast. A swipe still dismisses as before:
 * it ends without a click.
 */
function passTapsThrough() {
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const toast = target?.closest<HTMLElement>('[data-sonner-toast]');
    if (!toast || !target || target.closest('button, a')) return;
    const below = document
      .elementsFromPoint(event.clientX, event.clientY)
      .find((element) => !element.closest('[data-sonner-toaster]'));
    toast.querySelector<HTMLButtonElement>('[data-close-button]')?.click();
    const control = below?.closest<HTMLElement>('input, textarea, select, button, a, label, [tabindex]');
    if (!control) return;
    if (control.matches('input, textarea, select')) control.focus();
    else control.click();
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
