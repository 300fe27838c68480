import { words } from '@/lib/i18n';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';

const t = words('app');

/** A screen's 'Error loading ...' state with its retry button (docs/product.md §2 and §8). */
export function LoadError({
  message,
  onRetry,
  retrying = false,
  retryLabel = t('app.try_again'),
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
  retryLabel?: string;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200"
    >
      <p className="text-sm">{message}</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RefreshCw className={retrying ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden />
        {retryLabel}
      </Button>
    </div>
  );
}
