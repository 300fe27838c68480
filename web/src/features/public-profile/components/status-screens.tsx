import { Home, Lock, WifiOff } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { HomeBackActions } from '@/components/home-back-actions';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';

// docs/product.md §2, /p/{username}: the loading, network-error, private and missing states.

const Screen = ({ children }: { children: React.ReactNode }) => (
  <main className="flex min-h-svh flex-col items-center justify-center gap-3 px-4 py-12 text-center">{children}</main>
);

export function LoadingScreen() {
  return (
    <Screen>
      <div className="h-10 w-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600" aria-hidden />
      <p role="status" className="text-slate-600 dark:text-slate-400">
        Loading profile...
      </p>
    </Screen>
  );
}

export function NetworkErrorScreen({
  username,
  connectionIssue,
  onRetry,
  retrying,
}: {
  username: string;
  connectionIssue: boolean;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <Screen>
      <WifiOff className="h-12 w-12 text-red-500" aria-hidden />
      <h1 className="text-2xl font-bold">Network Error</h1>
      <p className="font-medium">Couldn&apos;t load @{username}&apos;s profile</p>
      <p className="max-w-md text-slate-600 dark:text-slate-400">
        We&apos;re having trouble connecting to our servers. Please check your internet connection and try again.
      </p>
      {connectionIssue && (
        <Badge className="bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200">Connection Issue</Badge>
      )}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Button onClick={onRetry} disabled={retrying}>
          Try Again
        </Button>
        <Link to={paths.home} className={buttonClass('outline', 'md')}>
          <Home className="h-4 w-4" aria-hidden />
          Go Home
        </Link>
      </div>
    </Screen>
  );
}

export function PrivateScreen({ username }: { username: string }) {
  return (
    <Screen>
      <Lock className="h-12 w-12 text-slate-500" aria-hidden />
      <h1 className="text-2xl font-bold">Private Profile</h1>
      <p>@{username} has set their profile to private.</p>
      <p className="text-slate-600 dark:text-slate-400">Only authorized users can view this digital card.</p>
    </Screen>
  );
}

export function NotFoundScreen() {
  const { pathname } = useLocation();
  return (
    <Screen>
      <p className="text-7xl font-extrabold text-brand-600 dark:text-brand-500">404</p>
      <h1 className="text-2xl font-bold">Profile Not Found</h1>
      <p className="max-w-md text-slate-600 dark:text-slate-400">
        The profile you&apos;re looking for doesn&apos;t exist or has been moved.
      </p>
      <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 text-sm dark:bg-slate-800">{pathname}</code>
      <HomeBackActions className="mt-4" />
    </Screen>
  );
}
