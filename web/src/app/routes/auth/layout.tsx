import { Outlet } from 'react-router-dom';
import { Brand } from '@/components/brand';
import { LanguageLinks } from '@/components/language-links';
import { ThemeSwitch } from '@/components/theme-switch';

/** The frame of the five auth screens: brand, theme switch and a centred card. */
export function Component() {
  return (
    <div className="flex min-h-svh flex-col bg-gradient-to-b from-brand-50 via-white to-white dark:from-slate-900 dark:via-slate-950 dark:to-slate-950">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-4 sm:px-6">
        <Brand />
        <ThemeSwitch />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center sm:pt-0">
        <Outlet />
      </main>
      <footer className="space-y-2 pb-6 text-center text-xs text-slate-500 dark:text-slate-400">
        <LanguageLinks />
        <p>&copy; {new Date().getFullYear()} Cardlink</p>
      </footer>
    </div>
  );
}
