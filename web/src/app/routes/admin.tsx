import { QueryProvider } from '@/app/query-provider';
import { AdminConsole } from '@/features/admin/components/admin-console';
import { AuthGuard } from '@/features/shell/components/auth-guard';

/** /admin: the operators' console, behind the same sign-in guard as the dashboard. */
export function Component() {
  return (
    <QueryProvider>
      <AuthGuard>
        <AdminConsole />
      </AuthGuard>
    </QueryProvider>
  );
}
