import { Palette } from 'lucide-react';
import type { User } from '@shared/types';
import { Card } from '@/components/ui/card';
import { words } from '@/lib/i18n';
import { richWords } from '@/lib/rich-words';
import { ThemeSwatches } from './theme-swatches';

const t = words('looks');

/** The saved look of the card: its custom theme when it has one, else its preset. */
export function CurrentThemeBanner({ user }: { user: User }) {
  const saved = user.custom_theme ?? user.theme;
  return (
    <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{t('looks.current_theme')}</p>
        <p className="text-lg font-semibold">
          {user.custom_theme ? t('looks.custom') : (user.theme?.name ?? t('looks.none'))}
        </p>
      </div>
      {saved && <ThemeSwatches theme={saved} />}
    </Card>
  );
}

export function UsingCustomBanner() {
  return (
    <div
      role="status"
      className="flex items-center gap-2 rounded-lg border border-violet-200 bg-violet-50 px-4 py-3 text-sm text-violet-900 dark:border-violet-900 dark:bg-violet-950/60 dark:text-violet-200"
    >
      <Palette className="h-4 w-4 shrink-0" aria-hidden />
      {/* One sentence, with the title in bold wherever the language puts it. */}
      <span>
        {richWords((values) => t('looks.using_custom_note', values), {
          title: <strong>{t('looks.using_custom')}</strong>,
        })}
      </span>
    </div>
  );
}
