import { OrgsScreen } from '@/features/orgs/components/orgs-screen';

export function Component() {
  return <OrgsScreen />;
}
