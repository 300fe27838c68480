import { ClaimScreen } from '@/features/orgs/components/claim-screen';

export function Component() {
  return <ClaimScreen />;
}
