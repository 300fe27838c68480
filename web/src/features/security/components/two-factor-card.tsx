import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
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
      toast.success('Two-factor sign-in is off');
    }
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>Two-factor sign-in</CardTitle>
          <Badge className={enabled ? 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200' : undefined}>
            {enabled ? 'On' : 'Off'}
          </Badge>
        </div>
        <CardDescription>
          After your password, sign-in asks for a code from an authenticator app on your phone, so a stolen password
          alone is not enough.
        </CardDescription>
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
              toast.success('Two-factor sign-in is on');
            }}
          />
        ) : enabled ? (
          <>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {overview.recovery_codes_left} of 10 recovery codes left.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setAsking('codes')}>
                New recovery codes
              </Button>
              <Button variant="outline" onClick={() => setAsking('disable')}>
                Turn off
              </Button>
            </div>
          </>
        ) : (
          <Button onClick={() => setAsking('setup')}>
            <ShieldCheck className="h-4 w-4" aria-hidden />
            Set up authenticator app
          </Button>
        )}
      </CardContent>
      <ConfirmIdentityDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={
          asking === 'disable'
            ? 'Turn off two-factor sign-in'
            : asking === 'codes'
              ? 'New recovery codes'
              : 'Set up authenticator app'
        }
        description={
          asking === 'codes'
            ? 'Your old recovery codes will stop working. Confirm it is you to continue.'
            : 'Confirm it is you to continue.'
        }
        confirmLabel={asking === 'disable' ? 'Turn off' : 'Continue'}
        busyLabel="Checking..."
        destructive={asking === 'disable'}
        allowCode={enabled}
        onConfirm={confirm}
      />
    </Card>
  );
}
