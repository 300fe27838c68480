import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { paths } from '@/config/paths';
import { Brand } from '@/components/brand';
import { ThemeSwitch } from '@/components/theme-switch';
import { buttonClass } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { words } from '@/lib/i18n';

const t = words('landing');

const ANCHORS = [
  { href: '#features', label: 'landing.features' },
  { href: '#how-it-works', label: 'landing.how_it_works' },
  { href: '#testimonials', label: 'landing.testimonials' },
] as const;

export function LandingHeader() {
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/85 backdrop-blur dark:border-slate-800/70 dark:bg-slate-950/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Brand />
        <nav aria-label={t('landing.page_sections')} className="ms-6 hidden items-center gap-6 md:flex">
          {ANCHORS.map((anchor) => (
            <a
              key={anchor.href}
              href={anchor.href}
              className="rounded text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
            >
              {t(anchor.label)}
            </a>
          ))}
        </nav>
        <div className="ms-auto flex items-center gap-1 sm:gap-2">
          <ThemeSwitch />
          <a href={paths.login} className={cn(buttonClass('ghost', 'sm'), 'whitespace-nowrap max-sm:hidden')}>
            {t('landing.sign_in')}
          </a>
          <a href={paths.register} className={cn(buttonClass('primary', 'sm'), 'whitespace-nowrap')}>
            {t('landing.register')}
          </a>
          <button
            type="button"
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls="landing-menu"
            aria-label={open ? t('landing.close_menu') : t('landing.open_menu')}
            className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 md:hidden dark:text-slate-300 dark:hover:bg-slate-800"
          >
            {open ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
          </button>
        </div>
      </div>
      {open && (
        <nav
          id="landing-menu"
          aria-label={t('landing.page_sections')}
          className="border-t border-slate-200 px-4 py-3 md:hidden dark:border-slate-800"
        >
          <ul className="space-y-1">
            {ANCHORS.map((anchor) => (
              <li key={anchor.href}>
                <a
                  href={anchor.href}
                  onClick={() => setOpen(false)}
                  className="block rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  {t(anchor.label)}
                </a>
              </li>
            ))}
            <li>
              <a
                href={paths.login}
                className="block rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                {t('landing.sign_in')}
              </a>
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}
