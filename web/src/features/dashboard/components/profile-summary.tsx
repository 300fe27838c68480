import { Link as RouterLink } from 'react-router-dom';
import type { User } from '@shared/types';
import { getHref } from '@/config/paths';
import { Avatar } from '@/components/avatar';
import { buttonClass } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { words } from '@/lib/i18n';

const t = words('stats');

export function ProfileSummary({ user }: { user: User }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('stats.your_profile')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-3 text-center">
        <Avatar
          src={user.avatar_url ?? user.avatar}
          name={user.name}
          size={80}
          imageClassName="h-20 w-20 rounded-full object-cover"
          initialsClassName="flex h-20 w-20 items-center justify-center rounded-full bg-brand-100 text-2xl font-semibold text-brand-700 dark:bg-brand-600/20 dark:text-brand-500"
        />
        <div>
          <p className="text-lg font-semibold" dir="auto">
            {user.name}
          </p>
          <p className="text-sm text-slate-500 dark:text-slate-400" dir="ltr">
            @{user.username}
          </p>
        </div>
        {user.bio && (
          <p className="line-clamp-3 text-sm text-slate-600 dark:text-slate-300" dir="auto">
            {user.bio}
          </p>
        )}
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {user.is_active ? t('stats.public_profile') : t('stats.private_profile')}
        </p>
        <RouterLink to={getHref('profile')} className={buttonClass('outline', 'sm')}>
          {t('stats.edit_profile')}
        </RouterLink>
      </CardContent>
    </Card>
  );
}
