import { words } from '@/lib/i18n';
import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { setColorScheme, useColorScheme, type ColorScheme } from '@/lib/color-scheme';
import { cn } from '@/lib/cn';
import { useMenuButton } from './ui/menu-button';
import { menuContentClass, menuItemClass } from './ui/menu';

const t = words('app');

const OPTIONS: { value: ColorScheme; label: () => string; Icon: typeof Sun }[] = [
  { value: 'light', label: () => t('app.theme_light'), Icon: Sun },
  { value: 'dark', label: () => t('app.theme_dark'), Icon: Moon },
  { value: 'system', label: () => t('app.theme_system'), Icon: Monitor },
];

/** Light, dark or system colour scheme: stored and applied at once. */
export function ThemeSwitch({ className }: { className?: string }) {
  const scheme = useColorScheme();
  const current = OPTIONS.find((option) => option.value === scheme) ?? OPTIONS[2]!;
  const menu = useMenuButton(OPTIONS.length);
  return (
    <div {...menu.wrapperProps}>
      <button
        {...menu.triggerProps(OPTIONS.indexOf(current))}
        aria-label={t('app.theme_is', { name: current.label() })}
        className={cn(
          'inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
          className,
        )}
      >
        <current.Icon className="h-5 w-5" aria-hidden />
      </button>
      {menu.open && (
        <div
          {...menu.menuProps}
          aria-label={t('app.theme')}
          className={cn(menuContentClass, 'absolute end-0 top-full mt-1.5 w-40')}
        >
          <div aria-hidden className="px-2 py-1.5 text-xs font-semibold text-slate-500 dark:text-slate-400">
            {t('app.theme')}
          </div>
          {OPTIONS.map(({ value, label, Icon }, index) => (
            <div
              key={value}
              {...menu.itemProps(index)}
              role="menuitemradio"
              aria-checked={value === scheme}
              onClick={() => {
                setColorScheme(value);
                menu.close(true);
              }}
              className={menuItemClass}
            >
              <Icon className="h-4 w-4" aria-hidden />
              <span className="flex-1">{label()}</span>
              {value === scheme && <Check className="h-4 w-4" aria-hidden />}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
