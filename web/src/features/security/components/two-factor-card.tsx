import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { intlLocale, words } from '@/lib/i18n';
import {
  disableTotp,
  newRecoveryCodes,
  setupTotp,
  useSecurityMutation,
  type Proof,
  type SecurityOverview,
} from '../api/security';
import { ConfirmIdentityDialog } from './confirm-identity-dialog';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetup } from './totp-setup';

const t = words('account');
/** How many recovery codes a set holds (the Worker makes ten). */
const CODES = 10;

type Asking = 'setup' | 'disable' | 'codes' | null;

/** Two-factor sign-in with an authenticator app: set up, recovery codes, turn off. */
export function TwoFactorCard({ overview }: { overview: SecurityOverview }) {
  const [asking, setAsking] = useState<Asking>(null);
  const [setup, setSetup] = useState<{ secret: string; otpauth_url: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useSecurityMutation(setupTotp);
  const off = useSecurityMutation(disableTotp);
  const renew = useSecurityMutation(newRecoveryCodes);
  const enabled = overview.totp_enabled;

  const confirm = async (proof: Proof) => {
    if (asking === 'setup') setSetup(await start.mutateAsync(proof));
    if (asking === 'codes') setCodes(await renew.mutateAsync(proof));
    if (asking === 'disable') {
      await off.mutateAsync(proof);
      toast.success(t('account.totp_off_toast'));
    }
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>{t('account.totp_title')}</CardTitle>
          <Badge className={enabled ? 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200' : undefined}>
            {enabled ? t('account.on') : t('account.off')}
          </Badge>
        </div>
        <CardDescription>{t('account.totp_description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {codes ? (
          <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
        ) : setup && !enabled ? (
          <TotpSetup
            secret={setup.secret}
            uri={setup.otpauth_url}
            onCancel={() => setSetup(null)}
            onEnabled={(fresh) => {
              setSetup(null);
              setCodes(fresh);
              toast.success(t('account.totp_on_toast'));
            }}
          />
        ) : enabled ? (
          <>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {t('account.codes_left', {
                count: overview.recovery_codes_left,
                total: new Intl.NumberFormat(intlLocale()).format(CODES),
              })}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setAsking('codes')}>
                {t('account.new_codes')}
              </Button>
              <Button variant="outline" onClick={() => setAsking('disable')}>
                {t('account.turn_off')}
              </Button>
            </div>
          </>
        ) : (
          <Button onClick={() => setAsking('setup')}>
            <ShieldCheck className="h-4 w-4" aria-hidden />
            {t('account.setup_app')}
          </Button>
        )}
      </CardContent>
      <ConfirmIdentityDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={
          asking === 'disable'
            ? t('account.turn_off_title')
            : asking === 'codes'
              ? t('account.new_codes')
              : t('account.setup_app')
        }
        description={asking === 'codes' ? t('account.new_codes_description') : t('account.confirm_description')}
        confirmLabel={asking === 'disable' ? t('account.turn_off') : t('account.continue')}
        busyLabel={t('account.checking')}
        destructive={asking === 'disable'}
        allowCode={enabled}
        onConfirm={confirm}
      />
    </Card>
  );
}
