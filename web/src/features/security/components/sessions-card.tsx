import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { toast } from '@/components/toast';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { useEndOtherSessions, useEndSession, useSessions, type SessionRow } from '../api/sessions';
import { countryName, formatMoment, sessionTitle, timeAgo } from '../lib/describe-session';

const t = words('account');

const ICONS = { mobile: Smartphone, tablet: Tablet, desktop: Monitor } as const;

/**
 * Sessions of one browser on one system and in one country read alike but for when each signed
 * in: to the minute, or to the second where two share the minute. This device comes first, then
 * the most recently active.
 */
function ordered(sessions: SessionRow[]) {
  const minute = (session: SessionRow) =>
    [session.browser, session.os, session.country, session.created_at.slice(0, 16)].join('|');
  const seen = new Map<string, number>();
  for (const session of sessions) seen.set(minute(session), (seen.get(minute(session)) ?? 0) + 1);
  return [...sessions]
    .sort((a, b) => Number(b.current) - Number(a.current) || Date.parse(b.last_used_at) - Date.parse(a.last_used_at))
    .map((session) => ({ session, precise: (seen.get(minute(session)) ?? 0) > 1 }));
}

function SessionItem({ session, precise }: { session: SessionRow; precise: boolean }) {
  const end = useEndSession();
  const Icon = ICONS[session.device];
  const place = countryName(session.country);
  const title = sessionTitle(session);
  const finish = async () => {
    try {
      await end.mutateAsync(session.id);
      toast.success(t('account.session_ended'));
    } catch (error) {
      toast.error(errorMessage(error, t('account.end_session_failed')));
    }
  };
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <Icon className="mt-0.5 h-5 w-5 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {title}
            {session.current && <Badge>{t('account.this_device')}</Badge>}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {[
              place,
              t('account.signed_in_on', { date: formatMoment(session.created_at, t('account.never'), precise) }),
              t('account.last_active', { time: timeAgo(session.last_used_at) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          disabled={end.isPending}
          onClick={() => void finish()}
          aria-label={t('account.end_session_label', { title })}
        >
          {end.isPending ? t('account.ending') : t('account.end_session')}
        </Button>
      )}
    </li>
  );
}

/** The signed-in sessions: where, on what, since when; end one or all others. */
export function SessionsCard() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const others = (sessions.data ?? []).filter((session) => !session.current).length;
  const endAll = async () => {
    try {
      await endOthers.mutateAsync(undefined);
      toast.success(t('account.others_signed_out'));
    } catch (error) {
      toast.error(errorMessage(error, t('account.end_sessions_failed')));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.sessions_title')}</CardTitle>
        <CardDescription>{t('account.sessions_description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isError && !sessions.data ? (
          <LoadError
            message={t('account.sessions_load_error', { error: sessions.error.message || t('account.unknown_error') })}
            onRetry={() => void sessions.refetch()}
            retrying={sessions.isFetching}
          />
        ) : !sessions.data ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <>
            <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={t('account.sessions_list')}>
              {ordered(sessions.data).map(({ session, precise }) => (
                <SessionItem key={session.id} session={session} precise={precise} />
              ))}
            </ul>
            {others > 0 && (
              <Button className="mt-3" variant="outline" disabled={endOthers.isPending} onClick={() => void endAll()}>
                {endOthers.isPending ? t('account.logging_out') : t('account.log_out_others')}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
