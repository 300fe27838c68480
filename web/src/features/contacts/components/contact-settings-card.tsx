import { toast } from 'sonner';
import type { ContactsResponse } from '@shared/schemas/contacts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { useContactExchange, useContactMail } from '../api/contacts';

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
      await exchange.mutateAsync({ user: user.data, on });
      toast.success(on ? "Your card now shows 'Share your contact'" : 'Contact exchange is off');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update contact exchange. Please try again.'));
    }
  };
  const setMail = async (on: boolean) => {
    try {
      const body = await mail.mutateAsync(on);
      toast.success(body.message);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update the email setting. Please try again.'));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact exchange</CardTitle>
      </CardHeader>
      <CardContent className="divide-y divide-slate-100 dark:divide-slate-800">
        <SettingRow
          id="contact-exchange"
          label="Let visitors share their contact"
          hint="Your card shows a 'Share your contact' button with a short form. Only you see what visitors send."
          checked={data.contact_exchange}
          disabled={exchange.isPending || !user.data}
          onChange={(on) => void setExchange(on)}
        />
        <SettingRow
          id="contact-mail"
          label="Email me each new contact"
          hint="A message to your account's address whenever a visitor shares their contact."
          checked={data.notify}
          disabled={mail.isPending}
          onChange={(on) => void setMail(on)}
        />
      </CardContent>
    </Card>
  );
}
