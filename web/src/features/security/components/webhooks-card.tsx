import { Send, Trash2, Webhook } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/toast';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import {
  useDeleteWebhook,
  useEnableWebhook,
  useRotateWebhook,
  useSendTest,
  useWebhooks,
  type WebhookEndpoint,
} from '../api/webhooks';
import { formatDay } from '../lib/describe-session';
import { DeliveryLog } from './webhook-deliveries';

const t = words('account');
import { AddWebhookDialog, WebhookSecret } from './add-webhook-dialog';
function WebhookItem({
  webhook,
  onDelete,
  onSecret,
}: {
  webhook: WebhookEndpoint;
  onDelete: () => void;
  onSecret: (secret: string) => void;
}) {
  const [logOpen, setLogOpen] = useState(false);
  const test = useSendTest();
  const rotate = useRotateWebhook();
  const enable = useEnableWebhook();
  const act = async (run: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await run();
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error, failed));
    }
  };
  return (
    <li className="space-y-2 py-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-0.5">
          <p dir="ltr" className="truncate font-mono text-sm font-medium">
            {webhook.url}
          </p>
          <p className="font-mono text-xs text-slate-600 dark:text-slate-400">{webhook.events.join(' ')}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {webhook.cards
              ? t('account.token_cards_list', { cards: webhook.cards.map((card) => `@${card.username}`).join(', ') })
              : t('account.token_all_cards')}
            {' · '}
            {t('account.token_created', { date: formatDay(webhook.created_at, t('account.never')) })}
          </p>
          {webhook.disabled_at && (
            <p className="text-sm font-medium text-red-700 dark:text-red-400">{t('account.webhook_disabled')}</p>
          )}
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('account.webhook_delete_label', { url: webhook.url })}
          onClick={onDelete}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        {webhook.disabled_at ? (
          <Button
            size="sm"
            variant="outline"
            disabled={enable.isPending}
            onClick={() =>
              void act(() => enable.mutateAsync(webhook.id), t('account.webhook_enabled'), t('account.webhook_failed'))
            }
          >
            {t('account.webhook_enable')}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled={test.isPending}
            onClick={() =>
              void act(() => test.mutateAsync(webhook.id), t('account.webhook_test_sent'), t('account.webhook_failed'))
            }
          >
            <Send className="h-4 w-4" aria-hidden />
            {t('account.webhook_send_test')}
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          disabled={rotate.isPending}
          onClick={() =>
            void act(
              async () => onSecret((await rotate.mutateAsync(webhook.id)).secret),
              t('account.webhook_rotated'),
              t('account.webhook_failed'),
            )
          }
        >
          {t('account.webhook_rotate')}
        </Button>
        <Button size="sm" variant="ghost" aria-expanded={logOpen} onClick={() => setLogOpen((open) => !open)}>
          {logOpen ? t('account.webhook_hide_log') : t('account.webhook_show_log')}
        </Button>
      </div>
      {webhook.previous_secret_until && (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t('account.webhook_overlap', { date: formatDay(webhook.previous_secret_until, t('account.never')) })}
        </p>
      )}
      {logOpen && <DeliveryLog id={webhook.id} />}
    </li>
  );
}

/**
 * Webhooks: where the account's events are sent, signed (docs/api.md, Webhooks). Added here with
 * their events and cards, the secret shown once; each with its delivery log, a test event and a
 * new secret.
 */
export function WebhooksCard() {
  const webhooks = useWebhooks();
  const remove = useDeleteWebhook();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t('account.webhook_deleted'));
      setDeleting(null);
    } catch (error) {
      toast.error(errorMessage(error, t('account.webhook_failed')));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.webhooks_title')}</CardTitle>
        <CardDescription>{t('account.webhooks_description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {secret && <WebhookSecret secret={secret} onDone={() => setSecret(null)} />}
        {webhooks.isError && !webhooks.data ? (
          <LoadError
            message={t('account.webhooks_load_error', { error: webhooks.error.message || t('account.unknown_error') })}
            onRetry={() => void webhooks.refetch()}
            retrying={webhooks.isFetching}
          />
        ) : !webhooks.data ? (
          <Skeleton className="h-16 w-full" />
        ) : webhooks.data.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('account.no_webhooks')}</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={t('account.webhooks_list')}>
            {webhooks.data.map((webhook) => (
              <WebhookItem
                key={webhook.id}
                webhook={webhook}
                onDelete={() => setDeleting(webhook)}
                onSecret={setSecret}
              />
            ))}
          </ul>
        )}
        <Button variant="outline" onClick={() => setAdding(true)}>
          <Webhook className="h-4 w-4" aria-hidden />
          {t('account.webhook_add')}
        </Button>
      </CardContent>
      <AddWebhookDialog open={adding} onOpenChange={setAdding} onCreated={setSecret} />
      <Dialog open={deleting !== null} onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}>
        <DialogContent
          title={t('account.webhook_delete_title')}
          description={t('account.webhook_delete_description', { url: deleting?.url ?? '' })}
        >
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={remove.isPending}>
                {t('account.cancel')}
              </Button>
            </DialogClose>
            <Button variant="destructive" disabled={remove.isPending} onClick={() => void confirmDelete()}>
              {t('account.webhook_delete')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
