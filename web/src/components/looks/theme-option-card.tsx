import { Check, Palette } from 'lucide-react';
import type { CardData } from '@shared/card/card-view';
import type { Theme } from '@shared/types';
import { GalleryPreview } from '@/components/gallery-preview';
import { cn } from '@/lib/cn';
import { words } from '@/lib/i18n';
import { fontName } from '@/lib/colour';

const t = words('looks');

const cardClass = (active: boolean) =>
  cn(
    'flex h-full w-full flex-col overflow-hidden rounded-xl border bg-white text-start shadow-sm transition hover:shadow-md dark:bg-slate-900',
    active
      ? 'border-brand-600 ring-2 ring-brand-600'
      : 'border-slate-200 hover:border-slate-300 dark:border-slate-800 dark:hover:border-slate-700',
  );

function SelectedMark() {
  return (
    <span className="absolute end-2 top-2 flex h-6 w-6 items-center justify-center rounded-full bg-brand-600 text-white">
      <Check className="h-4 w-4" aria-hidden />
    </span>
  );
}

/** A preset, shown as the owner's own card (`card`) in the preset's look. */
export function PresetCard({
  theme,
  card,
  active,
  onSelect,
}: {
  theme: Theme;
  card: CardData;
  active: boolean;
  onSelect: () => void;
}) {
  return (
    <button type="button" aria-pressed={active} onClick={onSelect} className={cardClass(active)}>
      {/* The line keeps a card as dark as the dark tile (Midnight) from melting into it. */}
      <div className="relative border-b border-slate-200 dark:border-slate-700">
        <GalleryPreview card={card} layout="phone" className="h-44" />
        {active && <SelectedMark />}
      </div>
      <div className="p-3">
        <p className="font-medium">{theme.name}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">{fontName(theme.font_family)}</p>
      </div>
    </button>
  );
}

export function CustomThemeCard({ active, onToggle }: { active: boolean; onToggle: () => void }) {
  return (
    <button type="button" aria-pressed={active} onClick={onToggle} className={cardClass(active)}>
      <div className="relative flex h-44 items-center justify-center bg-gradient-to-br from-pink-400 via-violet-500 to-sky-400 text-white">
        <Palette className="h-8 w-8" aria-hidden />
        {active && <SelectedMark />}
      </div>
      <div className="p-3">
        <p className="font-medium">{t('looks.custom_theme')}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('looks.personalized')}</p>
      </div>
    </button>
  );
}
