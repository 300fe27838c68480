import { useState, type FormEvent } from 'react';
import { toast } from '@/components/toast';
import { INVITE_EMAILS_MAX } from '@shared/schemas/orgs-bodies';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { useInviteEmails } from '../api/invitations';

const t = words('orgs');

/** The addresses typed: one or many, apart by commas, semicolons, spaces or lines. */
export const addressesOf = (text: string) => [...new Set(text.split(/[\s,;]+/).filter(Boolean))];

/** Invite by e-mail: each address gets a work card of its own and a mail with its link. */
export function InviteEmails({ orgId }: { orgId: string }) {
  const invite = useInviteEmails(orgId);
  const [text, setText] = useState('');
  const emails = addressesOf(text);
  // The API names a bad address by its place in the list (`emails.2`).
  const problems =
    invite.error instanceof ApiError
      ? Object.entries(invite.error.errors).map(([field, messages]) => {
          const index = Number(field.split('.')[1]);
          return Number.isInteger(index) && emails[index] ? `${emails[index]}: ${messages[0]}` : messages[0];
        })
      : [];
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(emails, {
      onSuccess: (answer) => {
        toast.success(t('orgs.invited', { invited: answer.data.invited, already: answer.data.already }));
        setText('');
      },
    });
  };
  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate>
      <div>
        <Label htmlFor="invite-emails">{t('orgs.invite_emails')}</Label>
        <Textarea
          id="invite-emails"
          className="mt-1.5"
          rows={3}
          dir="ltr"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="ada@example.com, grace@example.com"
          aria-describedby="invite-emails-hint"
          autoCapitalize="none"
          spellCheck={false}
        />
        <p id="invite-emails-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {t('orgs.invite_emails_hint', { max: INVITE_EMAILS_MAX })}
        </p>
      </div>
      {invite.isError && (
        <Alert>
          <p>{errorMessage(invite.error, t('orgs.invite_failed'))}</p>
          {problems.length > 0 && (
            <ul className="mt-1 list-disc ps-5">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <Button type="submit" disabled={invite.isPending || emails.length === 0} className="w-full sm:w-auto">
        {invite.isPending ? t('orgs.inviting') : t('orgs.invite_send', { count: emails.length })}
      </Button>
    </form>
  );
}
