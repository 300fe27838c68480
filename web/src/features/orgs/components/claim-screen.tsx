import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '@/components/toast';
import { paths } from '@/config/paths';
import { TextField } from '@/components/text-field';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cardsQueryOptions } from '@/lib/cards-query';
import { words } from '@/lib/i18n';
import { forgetReturn } from '@/lib/return-to';
import { withCard } from '@/lib/use-card-in-view';
import { useAuthState } from '@/lib/auth-store';
import type { Org } from '../api/keys';
import { useClaimInvitation, useJoinOrg } from '../api/claim';
import { Loading } from './loading';

const t = words('orgs');

/** Once in: the work card this organisation gave the account, in view, with the API's welcome. */
function useLand() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (answer: { data: Org; message?: string }) => {
    toast.success(answer.message ?? t('orgs.claimed', { org: answer.data.name }));
    // Read afresh: the list in the cache may have been asked for before the card was ours.
    const list = await queryClient.fetchQuery({ ...cardsQueryOptions(), staleTime: 0 }).catch(() => null);
    const card = list?.cards.find((item) => item.org_id === answer.data.id);
    void navigate(card ? withCard(paths.dashboard, card.id) : paths.dashboard, { replace: true });
  };
}

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-md space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}

function Failed({ error, fallback }: { error: unknown; fallback: string }) {
  const email = useAuthState((state) => state.user?.email);
  const otherAddress = error instanceof ApiError && error.status === 403;
  return (
    <>
      <Alert>{errorMessage(error, fallback)}</Alert>
      {otherAddress && email && <p className="text-sm">{t('orgs.signed_in_as', { email })}</p>}
      <Link to={paths.dashboard} className={buttonClass('outline')}>
        {t('orgs.to_dashboard')}
      </Link>
    </>
  );
}

/** /dashboard/claim?token=…: the invitation mail's link; claimed as soon as it opens, signed in. */
export function ClaimScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const claim = useClaimInvitation();
  const land = useLand();
  const asked = useRef(false);
  useEffect(() => {
    forgetReturn();
    if (asked.current || !token) return;
    asked.current = true;
    claim.mutate(token, { onSuccess: (answer) => void land(answer) });
  }, [claim, land, token]);
  return (
    <Frame title={t('orgs.claim_title')}>
      {!token ? (
        <Failed error={new Error(t('orgs.link_broken'))} fallback={t('orgs.link_broken')} />
      ) : claim.isError ? (
        <Failed error={claim.error} fallback={t('orgs.claim_failed')} />
      ) : claim.isSuccess ? (
        <p role="status" className="flex items-center gap-2 text-sm">
          <CheckCircle2 className="h-5 w-5 text-green-600" aria-hidden />
          {claim.data.message ?? t('orgs.claimed', { org: claim.data.data.name })}
        </p>
      ) : (
        <Loading />
      )}
    </Frame>
  );
}

/** /dashboard/join?token=…: the invite link; the person picks the username of their work card. */
export function JoinScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const join = useJoinOrg();
  const land = useLand();
  const own = useAuthState((state) => state.user?.username ?? '');
  const [username, setUsername] = useState(own ? `${own}-work` : '');
  useEffect(forgetReturn, []);
  const usernameError = join.error instanceof ApiError ? join.error.errors.username?.[0] : undefined;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    join.mutate({ token, username: username.trim().toLowerCase() }, { onSuccess: (answer) => void land(answer) });
  };
  if (!token)
    return (
      <Frame title={t('orgs.join_title')}>
        <Failed error={new Error(t('orgs.link_broken'))} fallback={t('orgs.link_broken')} />
      </Frame>
    );
  return (
    <Frame title={t('orgs.join_title')}>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('orgs.join_hint')}</p>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <TextField
          id="join-username"
          label={t('orgs.join_username')}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={usernameError}
          dir="ltr"
          autoCapitalize="none"
          spellCheck={false}
        />
        {join.isError && !usernameError && <Failed error={join.error} fallback={t('orgs.join_failed')} />}
        <Button type="submit" disabled={join.isPending || join.isSuccess || !username.trim()} className="w-full">
          {join.isPending ? t('orgs.joining') : t('orgs.join')}
        </Button>
      </form>
    </Frame>
  );
}
