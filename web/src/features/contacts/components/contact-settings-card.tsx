import { toast } from '@/components/toast';
import type { ContactsResponse } from '@shared/schemas/contacts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { words } from '@/lib/i18n';
import { useContactExchange, useContactMail } from '../api/contacts';

const t = words('stats');

function SettingRow(props: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div>
        <label htmlFor={props.id} className="text-sm font-medium">
          {props.label}
        </label>
        <p id={`${props.id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
          {props.hint}
        </p>
      </div>
      <Switch
        id={props.id}
        checked={props.checked}
        disabled={props.disabled}
        onCheckedChange={props.onChange}
        aria-describedby={`${props.id}-hint`}
      />
    </div>
  );
}

/** The two switches of contact exchange: the card's button, and the owner's mail per contact. */
export function ContactSettingsCard({ data }: { data: ContactsResponse }) {
  const user = useCurrentUser();
  const exchange = useContactExchange();
  const mail = useContactMail();

  const setExchange = async (on: boolean) => {
    if (!user.data) return;
    try {
      await exchange.mutateAsync(on);
      toast.success(on ? t('stats.exchange_on') : t('stats.exchange_off'));
    } catch (error) {
      toast.error(errorMessage(error, t('stats.exchange_failed')));
    }
  };
  const setMail = async (on: boolean) => {
    try {
      const body = await mail.mutateAsync(on);
      toast.success(body.message);
    } catch (error) {
      toast.error(errorMessage(error, t('stats.mail_failed')));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('stats.exchange')}</CardTitle>
      </CardHeader>
      <CardContent className="divide-y divide-slate-100 dark:divide-slate-800">
        <SettingRow
          id="contact-exchange"
          label={t('stats.exchange_label')}
          hint={t('stats.exchange_hint')}
          checked={data.contact_exchange}
          disabled={exchange.isPending || !user.data}
          onChange={(on) => void setExchange(on)}
        />
        {/* The mail follows the exchange: with no contacts coming there is nothing to send, so the
            switch is shown off and waits, keeping the owner's choice for when the exchange is on. */}
        <SettingRow
          id="contact-mail"
          label={t('stats.mail_label')}
          hint={data.contact_exchange ? t('stats.mail_hint') : t('stats.mail_hint_off')}
          checked={data.contact_exchange && data.notify}
          disabled={mail.isPending || !data.contact_exchange}
          onChange={(on) => void setMail(on)}
        />
      </CardContent>
    </Card>
  );
}
