import { Check } from 'lucide-react';
import type { CardData } from '@shared/card/card-view';
import type { Template } from '@shared/types';
import { GalleryPreview } from '@/components/gallery-preview';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { words } from '@/lib/i18n';

const t = words('looks');
const layoutName = (layout: string) =>
  layout === 'single-column' ? t('looks.single_column') : layout === 'two-column' ? t('looks.two_columns') : layout;

/** A template, shown as the owner's own card (`card`) laid out by it, at a desktop's width. */
export function TemplateCard({
  template,
  card,
  selected,
  onSelect,
}: {
  template: Template;
  card: CardData;
  selected: boolean;
  onSelect: (template: Template) => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={() => onSelect(template)}
      className={cn(
        'group flex h-full flex-col overflow-hidden rounded-xl border bg-white text-start shadow-sm transition hover:shadow-md dark:bg-slate-900',
        selected
          ? 'border-brand-600 ring-2 ring-brand-600'
          : 'border-slate-200 hover:border-slate-300 dark:border-slate-800 dark:hover:border-slate-700',
      )}
    >
      {/* A desktop's width, where two-column templates show their columns. */}
      <GalleryPreview
        card={card}
        layout="desktop"
        className="aspect-[3/2] w-full border-b border-slate-200 dark:border-slate-700"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-center justify-between gap-2">
          <h2 className="font-semibold" dir="auto">
            {template.name}
          </h2>
          {selected && (
            <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-medium text-white">
              <Check className="h-3 w-3" aria-hidden />
              {t('looks.selected')}
            </span>
          )}
        </div>
        <p className="flex-1 text-sm text-slate-600 dark:text-slate-400" dir="auto">
          {template.description}
        </p>
        <div className="flex flex-wrap gap-1.5">
          <Badge>{layoutName(template.config.layout)}</Badge>
          <Badge>{t('looks.avatar', { position: template.config.avatarPosition })}</Badge>
        </div>
      </div>
    </button>
  );
}
