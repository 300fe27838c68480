import { Copy } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import type { Org } from '../api/keys';
import { useInviteLink } from '../api/invitations';

const t = words('orgs');

/**
 * The invite link: anyone with it joins with a work card of their own. Only its hash is stored, so
 * the link is shown when it is made; a new one (the one before stops) is how to see it again.
 */
export function InviteLink({ org }: { org: Org }) {
  const link = useInviteLink(org.id);
  const [url, setUrl] = useState<string | null>(null);
  const toggle = (on: boolean) =>
    link.mutate(on, {
      onSuccess: (answer) => {
        setUrl(answer);
        toast.success(on ? t('orgs.link_on') : t('orgs.link_off'));
      },
      onError: (error) => toast.error(errorMessage(error, t('orgs.link_failed'))),
    });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('orgs.link_copied'));
    } catch {
      toast.error(t('orgs.link_copy_failed'));
    }
  };
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor="invite-link-switch" className="text-sm">
          {t('orgs.link_switch')}
        </label>
        <Switch id="invite-link-switch" checked={org.invite_link} disabled={link.isPending} onCheckedChange={toggle} />
      </div>
      {org.invite_link &&
        (url ? (
          <div className="flex gap-2">
            <Input
              readOnly
              value={url}
              dir="ltr"
              aria-label={t('orgs.link_label')}
              onFocus={(e) => e.target.select()}
            />
            <Button variant="outline" onClick={() => void copy()}>
              <Copy className="h-4 w-4" aria-hidden />
              {t('orgs.link_copy')}
            </Button>
          </div>
        ) : (
          <div className="space-y-2 text-sm text-slate-600 dark:text-slate-400">
            <p>{t('orgs.link_hidden')}</p>
            <Button variant="outline" size="sm" disabled={link.isPending} onClick={() => toggle(true)}>
              {t('orgs.link_new')}
            </Button>
          </div>
        ))}
    </div>
  );
}
