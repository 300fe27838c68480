import { DataScreen } from '@/features/account-data/components/data-screen';

export function Component() {
  return <DataScreen />;
}
