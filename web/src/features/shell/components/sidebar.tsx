import { words } from '@/lib/i18n';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { ShellBrand } from './shell-brand';
import { cn } from '@/lib/cn';
import { NavList } from './nav-list';

const t = words('shell');

/** The desktop sidebar (docs/product.md §2): 16rem, or 5rem when collapsed; shown from 1024px. */
export function Sidebar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  return (
    <aside
      className={cn(
        'sticky top-0 hidden h-svh shrink-0 flex-col border-e border-slate-200 bg-white transition-[width] duration-200 lg:flex dark:border-slate-800 dark:bg-slate-900',
        collapsed ? 'w-20' : 'w-64',
      )}
    >
      <div
        className={cn(
          'flex h-16 items-center border-b border-slate-200 px-4 dark:border-slate-800',
          collapsed && 'justify-center px-0',
        )}
      >
        <ShellBrand compact={collapsed} />
      </div>
      <nav aria-label={t('shell.nav_dashboard')} className="flex-1 overflow-y-auto p-3">
        <NavList collapsed={collapsed} />
      </nav>
      <div className="border-t border-slate-200 p-3 dark:border-slate-800">
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={!collapsed}
          aria-label={collapsed ? t('shell.expand_sidebar') : t('shell.collapse_sidebar')}
          className={cn(
            'flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
            collapsed && 'justify-center px-0',
          )}
        >
          {collapsed ? (
            <PanelLeftOpen className="h-5 w-5 rtl:-scale-x-100" aria-hidden />
          ) : (
            <>
              <PanelLeftClose className="h-5 w-5 rtl:-scale-x-100" aria-hidden />
              <span>{t('shell.collapse')}</span>
            </>
          )}
        </button>
      </div>
    </aside>
  );
}
