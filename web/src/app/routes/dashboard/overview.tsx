import { OverviewScreen } from '@/features/dashboard/components/overview-screen';

export function Component() {
  return <OverviewScreen />;
}
