import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** One number with its label, as on the overview and the Statistics screen. */
export function StatCard({
  label,
  value,
  icon: Icon,
  hint,
  loading = false,
}: {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  hint?: ReactNode;
  loading?: boolean;
}) {
  return (
    <Card className="flex items-start justify-between gap-4 p-5">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</p>
        {loading ? (
          <Skeleton className="mt-2 h-8 w-20" />
        ) : (
          <p className="mt-1 text-3xl font-bold tabular-nums tracking-tight">{value}</p>
        )}
        {hint && !loading && <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</p>}
      </div>
      <span className="rounded-lg bg-brand-50 p-2 text-brand-600 dark:bg-brand-600/15 dark:text-brand-500">
        <Icon className="h-5 w-5" aria-hidden />
      </span>
    </Card>
  );
}
