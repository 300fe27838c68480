import { Toaster as Sonner } from 'sonner';
import type { ColorScheme } from '@/lib/color-scheme';
import { words } from '@/lib/i18n';

const t = words('app');

/** How long a toast stays, and an Undo toast (components/undo-toast.tsx) at the least. */
export const TOAST_MS = 4000;

/**
 * The app's toasts (issue 23): at the bottom on every screen, so they never cover the header's
 * buttons or a dialog's title (index.css lifts them above the save bar), with the close button
 * inside. Hovering or touching them holds them. Sonner's own labels are English, so the region
 * and the close button get the app's words.
 */
export function Toaster({ scheme }: { scheme: ColorScheme }) {
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
