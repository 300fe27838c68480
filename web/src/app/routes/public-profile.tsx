import { useParams } from 'react-router-dom';
import { PublicProfileScreen } from '@/features/public-profile/components/public-profile-screen';

/** /p/{username} inside the SPA (the Worker serves the same path as an edge-rendered page). */
export function Component() {
  const { username = '' } = useParams();
  return <PublicProfileScreen key={username} username={username} />;
}
