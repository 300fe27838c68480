import { words } from '@/lib/i18n';
import { AlertTriangle } from 'lucide-react';
import { useNavigate, useRouteError } from 'react-router-dom';
import { routeErrorMessage } from './route-error-message';
import { Button } from '@/components/ui/button';

const t = words('app');
const ts = words('shell');

/**
 * The error boundary of one dashboard section: the screen failed to load or render, while
 * the shell (navigation, account menu) stays usable.
 */
export function SectionError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const message = routeErrorMessage(error);
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-lg flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-8 text-center dark:border-red-900 dark:bg-red-950/40"
    >
      <AlertTriangle className="h-8 w-8 text-red-600 dark:text-red-400" aria-hidden />
      <h1 className="text-lg font-semibold">{ts('shell.section_failed_title')}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">{message}</p>
      <Button onClick={() => navigate(0)}>{t('app.try_again')}</Button>
    </div>
  );
}
