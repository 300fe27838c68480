import { StatsScreen } from '@/features/stats/components/stats-screen';

export function Component() {
  return <StatsScreen />;
}
