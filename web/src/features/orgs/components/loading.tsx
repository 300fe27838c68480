import { Loader2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { words } from '@/lib/i18n';
import { roleLabel } from './roles';

const t = words('orgs');

// Apart from the organisation's frame (org-shell.tsx), which names every tab's chunk: the list of
// organisations uses these without fetching the tabs.

export function Loading() {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-12 text-sm text-slate-600">
      <Loader2 className="h-5 w-5 animate-spin" aria-hidden />
      {t('orgs.loading')}
    </div>
  );
}

/** The role a member holds, as a badge. */
export function RoleBadge({ role }: { role: Parameters<typeof roleLabel>[0] }) {
  return <Badge>{roleLabel(role)}</Badge>;
}
