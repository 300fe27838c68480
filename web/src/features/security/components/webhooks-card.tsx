import { Send, Trash2, Webhook } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@shared/webhooks';
import { LoadError } from '@/components/load-error';
import { TextField } from '@/components/text-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { useTokenCards } from '../api/tokens';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useEnableWebhook,
  useRotateWebhook,
  useSendTest,
  useWebhooks,
  type WebhookEndpoint,
} from '../api/webhooks';
import { formatDay } from '../lib/describe-session';
import { OneTimeSecret } from './token-secret';
import { DeliveryLog } from './webhook-deliveries';

const t = words('account');
type Errors = Partial<Record<'url' | 'events' | 'card_ids', string>>;

const EVENT_LABELS = {
  'contact.created': () => t('account.webhook_event_contact_created'),
  'card.updated': () => t('account.webhook_event_card_updated'),
  'link.created': () => t('account.webhook_event_link_created'),
  'link.updated': () => t('account.webhook_event_link_updated'),
  'link.deleted': () => t('account.webhook_event_link_deleted'),
  'stats.daily': () => t('account.webhook_event_stats_daily'),
} satisfies Record<WebhookEvent, () => string>;

const toggle = <T,>(list: T[], item: T) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

/** A new signing secret, shown this once. */
function WebhookSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <OneTimeSecret
      id="webhook-secret"
      words={{
        title: t('account.webhook_secret_title'),
        warning: t('account.webhook_secret_warning'),
        label: t('account.webhook_secret_label'),
        copied: t('account.webhook_secret_copied'),
      }}
      secret={secret}
      onDone={onDone}
    />
  );
}

/** Adding a webhook: its URL, the events it hears and the cards they come from. */
function AddWebhookDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (secret: string) => void;
}) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [limited, setLimited] = useState(false);
  const [cardIds, setCardIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const cards = useTokenCards(open);
  const create = useCreateWebhook();
  const reset = () => {
    setUrl('');
    setEvents([]);
    setLimited(false);
    setCardIds([]);
    setErrors({});
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!url.trim()) found.url = t('account.webhook_url_required');
    if (events.length === 0) found.events = t('account.webhook_events_required');
    if (limited && cardIds.length === 0) found.card_ids = t('account.token_cards_required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const made = await create.mutateAsync({
        url: url.trim(),
        events: WEBHOOK_EVENTS.filter((name) => events.includes(name)),
        card_ids: limited ? cardIds : null,
      });
      reset();
      onOpenChange(false);
      onCreated(made.secret);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        const at = (field: keyof Errors) => error.errors[field]?.[0] ?? error.errors[`${field}.0`]?.[0];
        setErrors({ url: at('url'), events: at('events'), card_ids: at('card_ids') });
      } else toast.error(errorMessage(error, t('account.webhook_add_failed')));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent title={t('account.webhook_add')} description={t('account.webhook_add_description')}>
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <TextField
            id={`${id}-url`}
            label={t('account.webhook_url')}
            placeholder="https://example.com/hooks/cardlink"
            type="url"
            dir="ltr"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            error={errors.url}
          />
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium">{t('account.webhook_events')}</legend>
            {WEBHOOK_EVENTS.map((name) => (
              <label key={name} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={events.includes(name)}
                  onChange={() => setEvents((current) => toggle(current, name))}
                />
                {EVENT_LABELS[name]()} <code className="text-xs text-slate-500">{name}</code>
              </label>
            ))}
            <FieldError id={`${id}-events-error`} message={errors.events} />
          </fieldset>
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium">{t('account.token_cards')}</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name={`${id}-cards`} checked={!limited} onChange={() => setLimited(false)} />
              {t('account.token_all_cards')}
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name={`${id}-cards`} checked={limited} onChange={() => setLimited(true)} />
              {t('account.token_chosen_cards')}
            </label>
            {limited && (
              <div className="ms-6 space-y-1">
                {(cards.data ?? []).map((card) => (
                  <label key={card.id} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={cardIds.includes(card.id)}
                      onChange={() => setCardIds((current) => toggle(current, card.id))}
                    />
                    <span dir="auto">{card.name}</span> <span className="text-slate-500">@{card.username}</span>
                  </label>
                ))}
              </div>
            )}
            <FieldError id={`${id}-cards-error`} message={errors.card_ids} />
          </fieldset>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={create.isPending}>
                {t('account.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t('account.webhook_adding') : t('account.webhook_add')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

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
