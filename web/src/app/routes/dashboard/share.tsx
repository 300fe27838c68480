import { ShareScreen } from '@/features/share/components/share-screen';
import { WalletPanel } from '@/features/wallet/components/wallet-panel';

/** Share: the share kit, with the wallet passes composed in. */
export function Component() {
  return <ShareScreen wallet={(username) => <WalletPanel username={username} />} />;
}
