import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { toast } from 'sonner';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useEndOtherSessions, useEndSession, useSessions, type SessionRow } from '../api/sessions';
import { countryName, sessionTitle, timeAgo } from '../lib/describe-session';

const ICONS = { mobile: Smartphone, tablet: Tablet, desktop: Monitor } as const;

function SessionItem({ session }: { session: SessionRow }) {
  const end = useEndSession();
  const Icon = ICONS[session.device];
  const place = countryName(session.country);
  const title = sessionTitle(session);
  const finish = async () => {
    try {
      await end.mutateAsync(session.id);
      toast.success('Session ended');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to end the session. Please try again.'));
    }
  };
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <Icon className="mt-0.5 h-5 w-5 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {title}
            {session.current && <Badge>This device</Badge>}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {[place, `Signed in ${formatDate(session.created_at)}`, `Last active ${timeAgo(session.last_used_at)}`]
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
          aria-label={`End session: ${title}`}
        >
          {end.isPending ? 'Ending...' : 'End session'}
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
      toast.success('Signed out of all other sessions');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to end the sessions. Please try again.'));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Where you&apos;re signed in</CardTitle>
        <CardDescription>If you don&apos;t recognise a session, end it and change your password.</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isError && !sessions.data ? (
          <LoadError
            message={`Error loading sessions: ${sessions.error.message || 'Unknown error'}`}
            onRetry={() => void sessions.refetch()}
            retrying={sessions.isFetching}
          />
        ) : !sessions.data ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <>
            <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Sessions">
              {sessions.data.map((session) => (
                <SessionItem key={session.id} session={session} />
              ))}
            </ul>
            {others > 0 && (
              <Button className="mt-3" variant="outline" disabled={endOthers.isPending} onClick={() => void endAll()}>
                {endOthers.isPending ? 'Logging out...' : 'Log out of all other sessions'}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
