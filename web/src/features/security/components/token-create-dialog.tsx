import { useId, useState } from 'react';
import { TOKEN_NAME_MAX, TOKEN_SCOPES, type TokenScope } from '@shared/tokens';
import { FieldError } from '@/components/ui/field-error';
import { TextField } from '@/components/text-field';
import { ApiError } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import type { Proof } from '../api/security';
import { useCreateToken, useTokenCards, type ApiToken } from '../api/tokens';
import { ConfirmIdentityDialog } from './confirm-identity-dialog';

const t = words('account');

type Expiry = '30' | '90' | '365' | 'none';
type Errors = Partial<Record<'name' | 'scopes' | 'card_ids', string>>;
const READ = TOKEN_SCOPES.filter((scope) => scope.endsWith(':read'));
const WRITE = TOKEN_SCOPES.filter((scope) => scope.endsWith(':write'));
const SCOPE_LABELS = {
  'cards:read': () => t('account.scope_cards_read'),
  'links:read': () => t('account.scope_links_read'),
  'stats:read': () => t('account.scope_stats_read'),
  'contacts:read': () => t('account.scope_contacts_read'),
  'cards:write': () => t('account.scope_cards_write'),
  'links:write': () => t('account.scope_links_write'),
  'contacts:write': () => t('account.scope_contacts_write'),
  'webhooks:write': () => t('account.scope_webhooks_write'),
} satisfies Record<TokenScope, () => string>;
const scopeLabel = (scope: TokenScope) => SCOPE_LABELS[scope]();

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  allowCode: boolean;
  onCreated: (token: ApiToken & { token: string }) => void;
};

/** Making a token: its name, scopes, cards and expiry, then the password (or a code) that confirms it. */
export function TokenCreateDialog({ open, onOpenChange, allowCode, onCreated }: Props) {
  const id = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>([]);
  const [limited, setLimited] = useState(false);
  const [cardIds, setCardIds] = useState<string[]>([]);
  const [expiry, setExpiry] = useState<Expiry>('90');
  const [errors, setErrors] = useState<Errors>({});
  const cards = useTokenCards(open);
  const create = useCreateToken();

  const toggle = <T,>(list: T[], item: T) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);
  const reset = () => {
    setName('');
    setScopes([]);
    setLimited(false);
    setCardIds([]);
    setExpiry('90');
    setErrors({});
  };

  const confirm = async (proof: Proof) => {
    const found: Errors = {};
    if (!name.trim()) found.name = t('account.token_name_required');
    if (scopes.length === 0) found.scopes = t('account.token_scopes_required');
    if (limited && cardIds.length === 0) found.card_ids = t('account.token_cards_required');
    setErrors(found);
    if (Object.keys(found).length > 0) throw new Error(t('account.token_form_invalid'));
    try {
      const made = await create.mutateAsync({
        ...proof,
        name: name.trim(),
        // In the catalogue's order, whatever order they were ticked in.
        scopes: TOKEN_SCOPES.filter((scope) => scopes.includes(scope)),
        card_ids: limited ? cardIds : null,
        expires_in_days: expiry === 'none' ? null : (Number(expiry) as 30 | 90 | 365),
      });
      reset();
      onCreated(made);
    } catch (error) {
      if (error instanceof ApiError) {
        const at = (field: keyof Errors) => error.errors[field]?.[0] ?? error.errors[`${field}.0`]?.[0];
        setErrors({ name: at('name'), scopes: at('scopes'), card_ids: at('card_ids') });
      }
      throw error;
    }
  };

  const group = (legend: string, list: readonly TokenScope[]) => (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium">{legend}</legend>
      {list.map((scope) => (
        <label key={scope} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={scopes.includes(scope)}
            onChange={() => setScopes((current) => toggle(current, scope))}
            aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}
          />
          {scopeLabel(scope)} <code className="text-xs text-slate-500">{scope}</code>
        </label>
      ))}
    </fieldset>
  );

  return (
    <ConfirmIdentityDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={t('account.create_token')}
      description={t('account.create_token_description')}
      confirmLabel={t('account.create_token_confirm')}
      busyLabel={t('account.creating_token')}
      allowCode={allowCode}
      onConfirm={confirm}
    >
      <TextField
        id={`${id}-name`}
        label={t('account.token_name')}
        placeholder={t('account.token_name_placeholder')}
        maxLength={TOKEN_NAME_MAX}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {group(t('account.token_read_scopes'), READ)}
        {group(t('account.token_write_scopes'), WRITE)}
      </div>
      <FieldError id={`${id}-scopes-error`} message={errors.scopes} />
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
      <div>
        <label htmlFor={`${id}-expiry`} className="text-sm font-medium">
          {t('account.token_expiry')}
        </label>
        <select
          id={`${id}-expiry`}
          value={expiry}
          onChange={(event) => setExpiry(event.target.value as Expiry)}
          className="mt-1.5 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        >
          <option value="30">{t('account.token_expiry_days', { days: 30 })}</option>
          <option value="90">{t('account.token_expiry_days', { days: 90 })}</option>
          <option value="365">{t('account.token_expiry_days', { days: 365 })}</option>
          <option value="none">{t('account.token_expiry_none')}</option>
        </select>
      </div>
    </ConfirmIdentityDialog>
  );
}
