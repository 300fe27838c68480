import { words } from '@/lib/i18n';
import { Link, useRouteError } from 'react-router-dom';
import { routeErrorMessage } from './route-error-message';

const t = words('app');

/** A section's error boundary: something failed to load or render; offer a way on. */
export function RouteError() {
  const error = useRouteError();
  const message = routeErrorMessage(error);
  return (
    <main
      role="alert"
      className="mx-auto flex min-h-svh max-w-md flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-2xl font-semibold">{t('app.something_wrong')}</h1>
      <p className="text-slate-600 dark:text-slate-400">{message}</p>
      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t('app.try_again')}
        </button>
        <Link to="/" className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium dark:border-slate-700">
          {t('app.go_home')}
        </Link>
      </div>
    </main>
  );
}
