// Adding a webhook (docs/product.md, Settings): its form, the events' labels and the secret shown once.
import { useId, useState } from 'react';
import { toast } from '@/components/toast';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@shared/webhooks';
import { TextField } from '@/components/text-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { ApiError, errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { useTokenCards } from '../api/tokens';
import { useCreateWebhook } from '../api/webhooks';
import { OneTimeSecret } from './token-secret';

const t = words('account');
type Errors = Partial<Record<'url' | 'events' | 'card_ids', string>>;

export const EVENT_LABELS = {
  'contact.created': () => t('account.webhook_event_contact_created'),
  'card.updated': () => t('account.webhook_event_card_updated'),
  'link.created': () => t('account.webhook_event_link_created'),
  'link.updated': () => t('account.webhook_event_link_updated'),
  'link.deleted': () => t('account.webhook_event_link_deleted'),
  'stats.daily': () => t('account.webhook_event_stats_daily'),
} satisfies Record<WebhookEvent, () => string>;

const toggle = <T,>(list: T[], item: T) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

/** A new signing secret, shown this once. */
export function WebhookSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
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
export function AddWebhookDialog({
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
