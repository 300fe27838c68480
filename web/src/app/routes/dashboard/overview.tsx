import { CardsOverview } from '@/features/cards/components/cards-overview';
import { OverviewScreen } from '@/features/dashboard/components/overview-screen';

export function Component() {
  return <OverviewScreen cards={<CardsOverview />} />;
}
