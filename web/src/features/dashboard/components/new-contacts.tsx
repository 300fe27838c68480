import { UsersRound } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { User } from '@shared/types';
import { paths } from '@/config/paths';
import { Card, CardContent } from '@/components/ui/card';
import { words } from '@/lib/i18n';
import { useNewContacts } from '@/lib/new-contacts';

const t = words('stats');

/** 'N new contacts since your last visit', when visitors may share theirs and some did. */
export function NewContacts({ user }: { user: User }) {
  const count = useNewContacts(user.contact_exchange);
  if (!count) return null;
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center gap-3 py-4">
        <UsersRound className="h-5 w-5 shrink-0 text-emerald-600" aria-hidden />
        <p className="min-w-0 flex-1 text-sm font-medium" role="status">
          {t('stats.new_contacts', { count })}
        </p>
        <Link to={paths.contacts} className="text-sm font-semibold text-blue-700 hover:underline dark:text-blue-300">
          {t('stats.open_contacts')}
        </Link>
      </CardContent>
    </Card>
  );
}
