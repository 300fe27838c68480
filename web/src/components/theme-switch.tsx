import { DropdownMenu } from 'radix-ui';
import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { setColorScheme, useColorScheme, type ColorScheme } from '@/lib/color-scheme';
import { cn } from '@/lib/cn';
import { menuContentClass, menuItemClass } from './ui/menu';

const OPTIONS: { value: ColorScheme; label: string; Icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'System', Icon: Monitor },
];

/** Light, dark or system colour scheme (spec section 1): stored and applied at once. */
export function ThemeSwitch({ className }: { className?: string }) {
  const scheme = useColorScheme();
  const current = OPTIONS.find((option) => option.value === scheme) ?? OPTIONS[2]!;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Theme: ${current.label}`}
        className={cn(
          'inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
          className,
        )}
      >
        <current.Icon className="h-5 w-5" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={cn(menuContentClass, 'w-40')}>
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-slate-500 dark:text-slate-400">
            Theme
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={scheme} onValueChange={(value) => setColorScheme(value as ColorScheme)}>
            {OPTIONS.map(({ value, label, Icon }) => (
              <DropdownMenu.RadioItem key={value} value={value} className={menuItemClass}>
                <Icon className="h-4 w-4" aria-hidden />
                <span className="flex-1">{label}</span>
                <DropdownMenu.ItemIndicator>
                  <Check className="h-4 w-4" aria-hidden />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
