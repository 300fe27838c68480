import { DropdownMenu } from 'radix-ui';
import { ExternalLink, LayoutTemplate, Link2, LogOut, Palette, UserRound } from 'lucide-react';
import { Link } from 'react-router-dom';
import { initialsOf } from '@shared/initials';
import type { User } from '@shared/types';
import { paths } from '@/config/paths';
import { menuContentClass, menuItemClass } from '@/components/ui/menu';
import { cn } from '@/lib/cn';
import { UserAvatar } from './user-avatar';

const SECTIONS = [
  { label: 'Profile', to: paths.profile, Icon: UserRound },
  { label: 'Links', to: paths.links, Icon: Link2 },
  { label: 'Themes', to: paths.themes, Icon: Palette },
  { label: 'Templates', to: paths.templates, Icon: LayoutTemplate },
];

/**
 * The trigger's accessible name holds the text it shows (WCAG 2.5.3): the initials when no photo
 * is drawn, so a voice user saying what they see reaches it.
 */
export function accountMenuName(user: User | null) {
  if (user?.avatar_url || user?.avatar) return 'Open account menu';
  return `${initialsOf(user?.name ?? '') || 'U'}, open account menu`;
}

/** The header's 'My Account' menu (spec section 2). */
export function UserMenu({
  user,
  publicHref,
  onLogout,
}: {
  user: User | null;
  publicHref: string | null;
  onLogout: () => void;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={accountMenuName(user)}
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <UserAvatar user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={cn(menuContentClass, 'w-60')}>
          <DropdownMenu.Label className="px-2 py-1.5">
            <span className="block text-sm font-semibold">My Account</span>
            {user && (
              <span className="block truncate text-xs font-normal text-slate-500 dark:text-slate-400">
                {user.email || user.name}
              </span>
            )}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
          {SECTIONS.map(({ label, to, Icon }) => (
            <DropdownMenu.Item key={to} asChild className={menuItemClass}>
              <Link to={to}>
                <Icon className="h-4 w-4" aria-hidden />
                {label}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Item asChild className={menuItemClass} disabled={!publicHref}>
            <a href={publicHref ?? undefined} target="_blank" rel="noopener noreferrer">
              <ExternalLink className="h-4 w-4" aria-hidden />
              View Public Profile
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
          <DropdownMenu.Item
            className={cn(menuItemClass, 'text-red-600 dark:text-red-400')}
            onSelect={() => onLogout()}
          >
            <LogOut className="h-4 w-4" aria-hidden />
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
