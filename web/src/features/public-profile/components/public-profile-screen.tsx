import { publicProfileErrorKind, usePublicProfile } from '../api/get-public-profile';
import { ProfileCard } from './profile-card';
import { LoadingScreen, NetworkErrorScreen, NotFoundScreen, PrivateScreen } from './status-screens';

/** The SPA's /p/{username} : in-app navigation and the offline shell. */
export function PublicProfileScreen({ username }: { username: string }) {
  const query = usePublicProfile(username);
  if (query.isPending) return <LoadingScreen />;
  if (query.isError) {
    const kind = publicProfileErrorKind(query.error);
    if (kind === 'private') return <PrivateScreen username={username} />;
    if (kind === 'not-found') return <NotFoundScreen />;
    return (
      <NetworkErrorScreen
        username={username}
        connectionIssue={kind === 'network'}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <ProfileCard profile={query.data} />;
}
