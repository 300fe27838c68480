import { useParams } from 'react-router-dom';
import { OrgShell } from '@/features/orgs/components/org-shell';

/** /dashboard/orgs/{orgId} and /dashboard/orgs/{orgId}/{tab}. */
export function Component() {
  const { orgId = '', tab } = useParams();
  return <OrgShell key={orgId} orgId={orgId} tab={tab} />;
}
