import { JoinScreen } from '@/features/orgs/components/claim-screen';

export function Component() {
  return <JoinScreen />;
}
