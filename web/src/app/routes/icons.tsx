import { richWords } from '@/lib/rich-words';
import { words } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { PLATFORMS } from '@shared/platforms';
import { paths } from '@/config/paths';
import { Brand } from '@/components/brand';
import { ThemeSwitch } from '@/components/theme-switch';
import { IconGallery } from '@/features/icons/components/icon-gallery';

const t = words('shell');

/** Every platform icon, grouped by category (docs/product.md §2, /icons). */
export function Component() {
  return (
    <div className="min-h-svh bg-slate-50 dark:bg-slate-950">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Brand />
          <div className="flex items-center gap-2">
            <Link to={paths.home} className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-500">
              {t('shell.home')}
            </Link>
            <ThemeSwitch />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">{t('shell.platform_icons')}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          {richWords((values) => t('shell.icons_total', values), {
            count: <strong className="text-slate-900 dark:text-slate-100">{PLATFORMS.length}</strong>,
          })}
        </p>
        <div className="mt-8">
          <IconGallery />
        </div>
      </main>
    </div>
  );
}
