import { RotateCw } from 'lucide-react';
import { toast } from '@/components/toast';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { useDeliveries, useResend, type WebhookDelivery } from '../api/webhooks';

const t = words('account');

const when = (iso: string) => new Date(iso).toLocaleString();

function statusText(delivery: WebhookDelivery) {
  if (delivery.status === 'delivered') return t('account.webhook_delivered');
  if (delivery.status === 'failed') return t('account.webhook_given_up');
  return delivery.attempts === 0 ? t('account.webhook_waiting') : t('account.webhook_retrying');
}

/** One endpoint's last 100 deliveries, newest first: what was sent, what came back, and 'Send again'. */
export function DeliveryLog({ id }: { id: string }) {
  const log = useDeliveries(id);
  const resend = useResend();
  const again = async (delivery: string) => {
    try {
      await resend.mutateAsync({ id, delivery });
      toast.success(t('account.webhook_resent'));
      void log.refetch();
    } catch (error) {
      toast.error(errorMessage(error, t('account.webhook_failed')));
    }
  };
  if (log.isError && !log.data)
    return (
      <LoadError
        message={t('account.webhooks_load_error', { error: log.error.message || t('account.unknown_error') })}
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );
  if (!log.data) return <Skeleton className="h-12 w-full" />;
  return (
    <section aria-label={t('account.webhook_log')} className="space-y-2 rounded-md bg-slate-50 p-3 dark:bg-slate-900">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">{t('account.webhook_log')}</h4>
        <Button size="sm" variant="ghost" onClick={() => void log.refetch()} disabled={log.isFetching}>
          <RotateCw className="h-4 w-4" aria-hidden />
          {t('account.webhook_refresh')}
        </Button>
      </div>
      {log.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('account.webhook_no_deliveries')}</p>
      ) : (
        <ul className="space-y-2">
          {log.data.map((delivery) => (
            <li key={delivery.id} className="rounded border border-slate-200 p-2 text-sm dark:border-slate-800">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-mono text-xs">{delivery.event}</span>
                <span>
                  {statusText(delivery)}
                  {delivery.response_status !== null && ` · HTTP ${delivery.response_status}`}
                  {delivery.duration_ms !== null && ` · ${delivery.duration_ms} ms`}
                </span>
              </div>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {when(delivery.created_at)}
                {delivery.error && ` · ${delivery.error}`}
              </p>
              <details className="mt-1">
                <summary className="cursor-pointer text-xs">{t('account.webhook_body')}</summary>
                <pre dir="ltr" className="mt-1 overflow-x-auto text-xs whitespace-pre-wrap break-all">
                  {delivery.body}
                </pre>
              </details>
              <Button
                size="sm"
                variant="outline"
                className="mt-2"
                disabled={resend.isPending}
                onClick={() => void again(delivery.id)}
              >
                {t('account.webhook_send_again')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
