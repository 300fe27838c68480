import { KeySquare, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/toast';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { useRevokeToken, useTokens, type ApiToken } from '../api/tokens';
import { countryName, formatDay } from '../lib/describe-session';
import { TokenCreateDialog } from './token-create-dialog';
import { TokenSecret } from './token-secret';

const t = words('account');

function TokenItem({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const never = t('account.never');
  const used = token.last_used_on
    ? [formatDay(token.last_used_on, never), countryName(token.last_used_country)].filter(Boolean).join(', ')
    : t('account.token_never_used');
  return (
    <li className="flex items-start justify-between gap-3 py-3">
      <div className="min-w-0 space-y-0.5">
        <p dir="auto" className="truncate font-medium">
          {token.name}
        </p>
        <p className="font-mono text-xs text-slate-600 dark:text-slate-400">{token.scopes.join(' ')}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {token.cards
            ? t('account.token_cards_list', { cards: token.cards.map((card) => `@${card.username}`).join(', ') })
            : t('account.token_all_cards')}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {[
            t('account.token_created', { date: formatDay(token.created_at, never) }),
            t('account.token_last_used', { used }),
            token.expires_at
              ? t('account.token_expires', { date: formatDay(token.expires_at, never) })
              : t('account.token_no_expiry'),
          ].join(' · ')}
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('account.revoke_token_label', { name: token.name })}
        onClick={onRevoke}
      >
        <Trash2 className="h-4 w-4" aria-hidden />
      </Button>
    </li>
  );
}

/**
 * API tokens: keys for scripts and other services, made here, shown once, revoked here. They are
 * not sessions: signing out everywhere or a new password leaves them working, and the card says so.
 */
export function ApiTokensCard({ allowCode }: { allowCode: boolean }) {
  const tokens = useTokens();
  const revoke = useRevokeToken();
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast.success(t('account.token_revoked'));
      setRevoking(null);
    } catch (error) {
      toast.error(errorMessage(error, t('account.revoke_token_failed')));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.tokens_title')}</CardTitle>
        <CardDescription>{t('account.tokens_description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('account.tokens_not_sessions')}</p>
        {made && <TokenSecret name={made.name} secret={made.token} onDone={() => setMade(null)} />}
        {tokens.isError && !tokens.data ? (
          <LoadError
            message={t('account.tokens_load_error', { error: tokens.error.message || t('account.unknown_error') })}
            onRetry={() => void tokens.refetch()}
            retrying={tokens.isFetching}
          />
        ) : !tokens.data ? (
          <Skeleton className="h-16 w-full" />
        ) : tokens.data.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('account.no_tokens')}</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={t('account.tokens_list')}>
            {tokens.data.map((token) => (
              <TokenItem key={token.id} token={token} onRevoke={() => setRevoking(token)} />
            ))}
          </ul>
        )}
        <Button variant="outline" onClick={() => setCreating(true)}>
          <KeySquare className="h-4 w-4" aria-hidden />
          {t('account.create_token')}
        </Button>
      </CardContent>
      <TokenCreateDialog
        open={creating}
        onOpenChange={setCreating}
        allowCode={allowCode}
        onCreated={(token) => setMade({ name: token.name, token: token.token })}
      />
      <Dialog open={revoking !== null} onOpenChange={(open) => !open && !revoke.isPending && setRevoking(null)}>
        <DialogContent
          title={t('account.revoke_token_title')}
          description={t('account.revoke_token_description', { name: revoking?.name ?? '' })}
        >
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={revoke.isPending}>
                {t('account.cancel')}
              </Button>
            </DialogClose>
            <Button variant="destructive" disabled={revoke.isPending} onClick={() => void confirmRevoke()}>
              {revoke.isPending ? t('account.revoking_token') : t('account.revoke_token')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
