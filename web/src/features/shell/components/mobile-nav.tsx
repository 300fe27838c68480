import { words } from '@/lib/i18n';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { ShellBrand } from './shell-brand';
import { ThemeSwitch } from '@/components/theme-switch';
import { useReturnFocus } from '@/components/ui/dialog';
import { NavList } from './nav-list';

const t = words('shell');

/** Below 1024px the navigation is a left slide-in sheet. */
export function MobileNav({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  // Closed by Escape or by choosing a section, the sheet gives focus back to 'Open navigation'.
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade-in fixed inset-0 z-40 bg-black/50 lg:hidden" />
        <Dialog.Content
          {...returnFocus}
          // Escape in the colour-scheme menu closes that menu, not the sheet around it.
          onEscapeKeyDown={(event) => {
            if ((event.target as Element | null)?.closest?.('[role="menu"]')) event.preventDefault();
          }}
          className="animate-slide-in-left fixed inset-y-0 start-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none lg:hidden dark:bg-slate-900"
        >
          <Dialog.Title className="sr-only">{t('shell.navigation')}</Dialog.Title>
          <Dialog.Description className="sr-only">{t('shell.nav_sections')}</Dialog.Description>
          <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4 dark:border-slate-800">
            <ShellBrand />
            <div className="flex items-center gap-1">
              {/* The phone's header leaves the colour scheme to the sheet (dashboard-header.tsx). */}
              <div className="sm:hidden">
                <ThemeSwitch />
              </div>
              <Dialog.Close
                aria-label={t('shell.close_navigation')}
                className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
              >
                <X className="h-5 w-5" aria-hidden />
              </Dialog.Close>
            </div>
          </div>
          {/* A section chosen closes the sheet at once, even when the move is held back to ask
              about unsaved edits: the question then shows over the screen it is about. */}
          <nav
            aria-label={t('shell.nav_dashboard')}
            className="flex-1 overflow-y-auto p-3"
            onClick={(event) => (event.target as Element).closest('a') && onOpenChange(false)}
          >
            <NavList />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
