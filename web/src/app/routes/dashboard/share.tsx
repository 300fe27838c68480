import { ShareScreen } from '@/features/share/components/share-screen';

export function Component() {
  return <ShareScreen />;
}
