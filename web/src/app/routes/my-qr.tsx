import { QueryProvider } from '@/app/query-provider';
import { QrScreen } from '@/features/share/components/qr-screen';

/** /dashboard/qr, 'Show my QR': outside the dashboard's shell, so it opens offline too. */
export function Component() {
  return (
    <QueryProvider>
      <QrScreen />
    </QueryProvider>
  );
}
