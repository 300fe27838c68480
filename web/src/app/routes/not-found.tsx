import { richWords } from '@/lib/rich-words';
import { words } from '@/lib/i18n';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Brand } from '@/components/brand';
import { HomeBackActions } from '@/components/home-back-actions';

const t = words('shell');

/** Any unknown path (docs/product.md §2, Page Not Found). */
export function Component() {
  const { pathname } = useLocation();
  return (
    <main className="flex min-h-svh flex-col items-center justify-center px-4 py-12 text-center">
      <Brand className="mb-10" />
      <p className="text-7xl font-extrabold text-brand-600 dark:text-brand-500" aria-hidden>
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{t('shell.page_not_found')}</h1>
      <p className="mt-3 max-w-md text-slate-600 dark:text-slate-400">
        {richWords((values) => t('shell.page_missing', values), {
          path: (
            <code dir="ltr" className="break-all rounded bg-slate-100 px-1.5 py-0.5 text-sm dark:bg-slate-800">
              {pathname}
            </code>
          ),
        })}
      </p>
      <HomeBackActions />
      <Link
        to={paths.dashboard}
        className="mt-4 inline-flex min-h-10 items-center px-2 text-sm font-medium text-brand-600 hover:underline dark:text-brand-500"
      >
        {t('shell.return_to_dashboard')}
      </Link>
    </main>
  );
}
