import { NavLink } from 'react-router-dom';
import { useAuthState } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { ADMIN_ITEM, NAV_ITEMS } from './nav-items';

/** The section links, shared by the sidebar and the mobile sheet. */
export function NavList({ collapsed = false }: { collapsed?: boolean }) {
  // Operators also see the console; it is its own chunk, loaded only when opened.
  const isAdmin = useAuthState((state) => state.user?.is_admin === true);
  const items = isAdmin ? [...NAV_ITEMS, ADMIN_ITEM] : NAV_ITEMS;
  return (
    <ul className="space-y-1">
      {items.map(({ label, to, Icon, end }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end}
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
      ))}
    </ul>
  );
}
