import type { MouseEvent } from 'react';
import { NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuthState } from '@/lib/auth-store';
import { useCardInView, withCard } from '@/lib/use-card-in-view';
import { isHintExpired, readSessionHint } from '@/lib/cookies';
import { refreshSession } from '@/lib/refresh-session';
import { cn } from '@/lib/cn';
import { ADMIN_ITEM, NAV_ITEMS } from './nav-items';

/**
 * The console is a page of its own that the Worker serves to operators only, by the session it
 * sees (worker/routes/admin-page.ts): a full page load, with a fresh access cookie.
 */
async function openConsole(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const hint = readSessionHint();
  if (!hint || isHintExpired(hint, Date.now() + 30_000)) await refreshSession();
  window.location.assign(paths.admin);
}

/** The section links, shared by the sidebar and the mobile sheet. */
export function NavList({ collapsed = false }: { collapsed?: boolean }) {
  // Operators also see the console; it is its own chunk, loaded only when opened.
  const isAdmin = useAuthState((state) => state.user?.is_admin === true);
  const items = isAdmin ? [...NAV_ITEMS, ADMIN_ITEM] : NAV_ITEMS;
  const card = useCardInView();
  return (
    <ul className="space-y-1">
      {items.map(({ label: labelOf, to, Icon, end }) => {
        const label = labelOf();
        return (
          <li key={to}>
            <NavLink
              to={to === paths.admin ? to : withCard(to, card)}
              end={end}
              {...(to === paths.admin ? { reloadDocument: true, onClick: openConsole } : {})}
              title={collapsed ? label : undefined}
              aria-label={collapsed ? label : undefined}
              className={({ isActive }) =>
                cn(
                  'flex h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
                  collapsed && 'justify-center px-0',
                  isActive
                    ? 'bg-brand-50 text-brand-700 dark:bg-brand-600/15 dark:text-blue-400'
                    : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
                )
              }
            >
              <Icon className="h-5 w-5 shrink-0" aria-hidden />
              {!collapsed && <span>{label}</span>}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}
