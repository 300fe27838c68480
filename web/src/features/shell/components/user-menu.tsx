import { words } from '@/lib/i18n';
import { ExternalLink, LayoutTemplate, Link2, LogOut, Palette, UserRound } from 'lucide-react';
import { Link } from 'react-router-dom';
import { initialsOf } from '@shared/initials';
import type { User } from '@shared/types';
import { paths } from '@/config/paths';
import { menuContentClass, menuItemClass } from '@/components/ui/menu';
import { useMenuButton } from '@/components/ui/menu-button';
import { withCard } from '@/lib/use-card-in-view';
import { cn } from '@/lib/cn';
import { PHONE_LABEL } from './header-label';
import { UserAvatar } from './user-avatar';

const t = words('shell');

const SECTIONS = [
  { label: () => t('shell.nav_profile'), to: paths.profile, Icon: UserRound },
  { label: () => t('shell.nav_links'), to: paths.links, Icon: Link2 },
  { label: () => t('shell.nav_themes'), to: paths.themes, Icon: Palette },
  { label: () => t('shell.nav_templates'), to: paths.templates, Icon: LayoutTemplate },
];

/**
 * The trigger's accessible name holds the text it shows, in its order (WCAG 2.5.3): the initials
 * when no photo is drawn, then the word a phone shows under them, so a voice user saying what they
 * see reaches it.
 */
export function accountMenuName(user: User | null) {
  const word = t('shell.account_short');
  if (user?.avatar_url || user?.avatar) return t('shell.initials_open_account_menu', { initials: word });
  return t('shell.initials_open_account_menu', { initials: `${initialsOf(user?.name ?? '') || 'U'} ${word}` });
}

/** The header's 'My Account' menu: the sections, the public card, and log out. */
export function UserMenu({
  user,
  publicHref,
  onLogout,
}: {
  user: User | null;
  publicHref: string | null;
  onLogout: () => void;
}) {
  const menu = useMenuButton(SECTIONS.length + 2);
  const separator = <div role="separator" className="my-1 h-px bg-slate-200 dark:bg-slate-800" />;
  return (
    <div {...menu.wrapperProps}>
      <button
        {...menu.triggerProps()}
        aria-label={accountMenuName(user)}
        className="inline-flex flex-col items-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 max-md:h-12 max-md:justify-end max-md:gap-1 max-md:rounded-md max-md:px-1 max-md:pb-1"
      >
        {/* On a phone its word shows under the photo, as the header's other buttons show theirs. */}
        <UserAvatar user={user} className="max-md:h-6 max-md:w-6 max-md:text-[10px]" />
        {/* A space between the initials and the word, so the text the button shows reads
            "GH Account" as its name does, not "GHAccount"; a flex box draws no space. */}{' '}
        <span className={cn(PHONE_LABEL, 'text-slate-600 md:hidden dark:text-slate-300')}>
          {t('shell.account_short')}
        </span>
      </button>
      {menu.open && (
        <div
          {...menu.menuProps}
          aria-label={t('shell.my_account')}
          className={cn(menuContentClass, 'absolute end-0 top-full mt-2 w-60')}
        >
          <div role="none" className="px-2 py-1.5">
            <span className="block text-sm font-semibold">{t('shell.my_account')}</span>
            {user && (
              <span className="block truncate text-xs font-normal text-slate-500 dark:text-slate-400">
                {user.email || user.name}
              </span>
            )}
          </div>
          {separator}
          {SECTIONS.map(({ label, to, Icon }, index) => (
            <Link
              key={to}
              to={withCard(to)}
              {...menu.itemProps(index)}
              role="menuitem"
              onClick={() => menu.close(false)}
              className={menuItemClass}
            >
              <Icon className="h-4 w-4" aria-hidden />
              {label()}
            </Link>
          ))}
          <a
            href={publicHref ?? undefined}
            target="_blank"
            rel="noopener noreferrer"
            {...menu.itemProps(SECTIONS.length)}
            role="menuitem"
            aria-disabled={!publicHref || undefined}
            onClick={(event) => {
              if (!publicHref) event.preventDefault();
              else menu.close(false);
            }}
            className={cn(menuItemClass, !publicHref && 'opacity-50')}
          >
            <ExternalLink className="h-4 w-4" aria-hidden />
            {t('shell.view_profile')}
          </a>
          {separator}
          <div
            {...menu.itemProps(SECTIONS.length + 1)}
            role="menuitem"
            onClick={() => {
              menu.close(false);
              onLogout();
            }}
            className={cn(menuItemClass, 'text-red-600 dark:text-red-400')}
          >
            <LogOut className="h-4 w-4" aria-hidden />
            {t('shell.log_out')}
          </div>
        </div>
      )}
    </div>
  );
}
