import { GripVertical, Heading, Pencil, Trash2 } from 'lucide-react';
import type { CSSProperties, HTMLAttributes } from 'react';
import type { Link } from '@shared/types';
import { LinkIcon } from '@/components/link-icon';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';
import { middleUrl, readableUrl } from '@/lib/format';
import { words } from '@/lib/i18n';
import { scheduleLabel } from '../lib/link-schedule';

const t = words('links');

/** What a sortable row hands its item: the row's node and place, and the drag handle's. */
export type DragHandle = {
  rowRef?: (node: HTMLElement | null) => void;
  rowStyle?: CSSProperties;
  dragging?: boolean;
  handleRef?: (node: HTMLElement | null) => void;
  handleProps: HTMLAttributes<HTMLButtonElement>;
};

export function LinkItem({
  link,
  isEditing,
  onEdit,
  onDelete,
  onToggleActive,
  handle,
}: {
  link: Link;
  isEditing: boolean;
  onEdit: (link: Link) => void;
  onDelete: (link: Link) => void;
  onToggleActive?: (link: Link, isActive: boolean) => void;
  /** The drag handle; without it (while searching) the row cannot be moved. */
  handle?: DragHandle;
}) {
  const schedule = link.kind === 'header' ? null : scheduleLabel(link);
  return (
    <li
      ref={handle?.rowRef}
      style={handle?.rowStyle}
      className={cn(
        'bg-white dark:bg-slate-950',
        handle?.dragging && 'relative shadow-lg',
        // On a phone the controls take a line of their own under the title, so the title keeps
        // the row's width (beside them, 'Insta…' and 'Linke…' could not be told apart).
        'flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-slate-200 p-3 sm:flex-nowrap dark:border-slate-800',
        // Greyed by colour, not opacity: faded text would fail WCAG contrast (axe).
        !link.is_active &&
          'bg-slate-50 text-slate-700 dark:bg-slate-900/60 dark:text-slate-300 [&_img]:opacity-50 [&_img]:grayscale',
        isEditing && 'ring-2 ring-brand-600',
      )}
    >
      {handle && (
        <button
          type="button"
          ref={handle.handleRef}
          aria-label={t('links.reorder', { title: link.title })}
          className="-ms-1 inline-flex h-10 w-8 shrink-0 cursor-grab touch-none items-center justify-center rounded text-slate-500 hover:bg-slate-100 active:cursor-grabbing dark:text-slate-400 dark:hover:bg-slate-800"
          {...handle.handleProps}
        >
          <GripVertical className="h-4 w-4" aria-hidden />
        </button>
      )}
      {link.kind === 'header' ? (
        <span className="inline-flex h-8 w-8 shrink-0 items-center justify-center text-slate-600 dark:text-slate-400">
          <Heading className="h-5 w-5" aria-hidden />
        </span>
      ) : (
        <LinkIcon icon={link.icon} />
      )}
      <div className="min-w-0 flex-1 basis-[calc(100%-5.5rem)] sm:basis-0">
        <div className="flex flex-wrap items-center gap-x-2">
          {/* Whole, never clamped: at 390 px two lines held about 45 characters of the 100 a title
              may have, so 'Weekly notes on the Analytical Engine, Berno…' and its neighbours could
              not be told apart in the one place the owner reads them all. */}
          <p dir="auto" className="font-medium [overflow-wrap:anywhere] rtl:text-right">
            {link.title}
          </p>
          {!link.is_active && <Badge>{t('links.inactive')}</Badge>}
          {link.kind === 'header' && <Badge>{t('links.badge_header')}</Badge>}
          {link.display === 'icon' && <Badge>{t('links.badge_icon')}</Badge>}
          {link.highlight && <Badge>{t('links.badge_highlight')}</Badge>}
          {link.sensitive && <Badge>{t('links.badge_sensitive')}</Badge>}
        </div>
        {/* A header has no address to show. Shortened in the middle on a phone; the whole width
            there is on a wider screen. An address reads left to right in every language; in
            Arabic it keeps to the right edge. */}
        {link.kind !== 'header' && (
          <p dir="ltr" className="text-sm text-slate-600 rtl:text-right dark:text-slate-400" title={link.url}>
            <span className="sm:hidden">{middleUrl(link.url)}</span>
            <span className="hidden truncate sm:block">{readableUrl(link.url)}</span>
          </p>
        )}
        {schedule && (
          <p className="text-sm font-medium text-amber-800 dark:text-amber-300" data-link-schedule={link.id}>
            {schedule}
          </p>
        )}
      </div>
      <div className="ms-auto flex shrink-0 items-center gap-1">
        {link.clicks !== undefined && link.kind !== 'header' && (
          <p className="me-2 text-sm text-slate-600 tabular-nums dark:text-slate-400">
            {t('links.clicks', { count: link.clicks })}
          </p>
        )}
        {onToggleActive && (
          <Switch
            checked={link.is_active}
            onCheckedChange={(checked) => onToggleActive(link, checked)}
            aria-label={t('links.active_of', { title: link.title })}
          />
        )}
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('links.edit', { title: link.title })}
          data-edit-link={link.id}
          onClick={() => onEdit(link)}
        >
          <Pencil className="h-4 w-4" aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="text-red-600 hover:text-red-700 dark:text-red-400"
          aria-label={t('links.delete', { title: link.title })}
          data-delete-link={link.id}
          onClick={() => onDelete(link)}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </div>
    </li>
  );
}
