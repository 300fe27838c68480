import { GripVertical, Heading, Lock, Pencil, Trash2 } from 'lucide-react';
import type { CSSProperties, HTMLAttributes } from 'react';
import { Picture } from '@shared/picture';
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
  readOnly = false,
}: {
  link: Link;
  isEditing: boolean;
  onEdit: (link: Link) => void;
  onDelete: (link: Link) => void;
  onToggleActive?: (link: Link, isActive: boolean) => void;
  /** The drag handle; without it (while searching) the row cannot be moved. */
  handle?: DragHandle;
  /** Every link of the card is the organisation's to set (its template locks or hides links). */
  readOnly?: boolean;
}) {
  const schedule = link.kind === 'header' ? null : scheduleLabel(link);
  // A link the organisation's template puts on every work card: its member can neither change,
  // remove nor move it (the API refuses with 403), so none of the controls are offered.
  const required = link.org_required === true;
  const locked = required || readOnly;
  const clicks = link.clicks !== undefined && link.kind !== 'header' ? t('links.clicks', { count: link.clicks }) : null;
  return (
    <li
      ref={handle?.rowRef}
      style={handle?.rowStyle}
      className={cn(
        'bg-white dark:bg-slate-950',
        handle?.dragging && 'relative shadow-lg',
        // On a phone a row is two lines: the title with its badges, then the address with the
        // controls beside it, so eight rows of a card fit a screen (three did when the controls
        // had a line of their own). The title keeps the row's width less the controls' column and
        // is never clamped, so 'Insta…' and 'Linke…' cannot be confused. One line from sm up.
        'grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-2 rounded-lg border border-slate-200 py-1 ps-0.5 pe-1 sm:flex sm:gap-3 sm:p-3 dark:border-slate-800',
        // Greyed by colour, not opacity: faded text would fail WCAG contrast (axe).
        !link.is_active &&
          'bg-slate-50 text-slate-700 dark:bg-slate-900/60 dark:text-slate-300 [&_img]:opacity-50 [&_img]:grayscale',
        isEditing && 'ring-2 ring-brand-600',
      )}
    >
      {handle && !locked ? (
        <button
          type="button"
          ref={handle.handleRef}
          aria-label={t('links.reorder', { title: link.title })}
          // As tall as the row on a phone (44 px at least), 24 px wide with the row's gap beside it
          // (WCAG 2.2's target size with spacing).
          className="inline-flex h-full min-h-11 w-6 shrink-0 cursor-grab touch-none items-center justify-center self-stretch rounded text-slate-500 hover:bg-slate-100 active:cursor-grabbing sm:-ms-1 sm:h-10 sm:min-h-0 sm:w-8 sm:self-center dark:text-slate-400 dark:hover:bg-slate-800"
          {...handle.handleProps}
        >
          <GripVertical className="h-4 w-4" aria-hidden />
        </button>
      ) : (
        <span className="w-0 sm:hidden" />
      )}
      <div className="flex min-w-0 items-start gap-2 self-center sm:flex-1 sm:items-center sm:gap-3">
        {link.kind === 'header' ? (
          <span className="inline-flex h-6 w-6 shrink-0 items-center justify-center text-slate-600 sm:h-8 sm:w-8 dark:text-slate-400">
            <Heading className="h-5 w-5" aria-hidden />
          </span>
        ) : link.thumbnail_url ? (
          // The page's picture (or the owner's) is what tells a video from an album at a glance,
          // where the two platforms' icons say only 'YouTube' and 'Spotify'. In the icon's
          // square, so the title keeps the width the row gives it on a phone.
          <span className="flex h-6 w-6 shrink-0 overflow-hidden rounded sm:h-8 sm:w-8">
            <Picture
              url={link.thumbnail_url}
              kind="thumbnail"
              alt=""
              sizes="32px"
              loading="lazy"
              data-link-thumbnail={link.id}
              className="h-6 w-6 object-cover sm:h-8 sm:w-8"
            />
          </span>
        ) : (
          <LinkIcon icon={link.icon} className="h-6 w-6 p-0.5 sm:h-8 sm:w-8 sm:p-1" />
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 sm:gap-x-2">
            {/* Whole, never clamped: at 390 px two lines held about 45 characters of the 100 a
                title may have, so 'Weekly notes on the Analytical Engine, Berno…' and its
                neighbours could not be told apart in the one place the owner reads them all. */}
            <p dir="auto" className="leading-6 font-medium [overflow-wrap:anywhere] rtl:text-right">
              {link.title}
            </p>
            {!link.is_active && <Badge>{t('links.inactive')}</Badge>}
            {link.kind === 'header' && <Badge>{t('links.badge_header')}</Badge>}
            {link.display === 'icon' && <Badge>{t('links.badge_icon')}</Badge>}
            {link.highlight && <Badge>{t('links.badge_highlight')}</Badge>}
            {link.sensitive && <Badge>{t('links.badge_sensitive')}</Badge>}
            {required && (
              <Badge>
                <Lock className="me-1 inline h-3 w-3" aria-hidden />
                {t('links.org_required')}
              </Badge>
            )}
          </div>
          {/* A header has no address to show. Shortened in the middle on a phone (and wrapped
              rather than cut, so its end, which tells two of one site's links apart, stays); the
              whole width there is on a wider screen. An address reads left to right in every
              language; in Arabic it keeps to the right edge. */}
          {link.kind !== 'header' && (
            <p
              dir="ltr"
              className="text-xs text-slate-600 rtl:text-right sm:text-sm dark:text-slate-400"
              title={link.url}
            >
              <span className="block [overflow-wrap:anywhere] sm:hidden">{middleUrl(link.url, 24)}</span>
              <span className="hidden truncate sm:block">{readableUrl(link.url)}</span>
            </p>
          )}
          {schedule && (
            <p className="text-sm font-medium text-amber-800 dark:text-amber-300" data-link-schedule={link.id}>
              {schedule}
            </p>
          )}
          {clicks && <p className="text-xs text-slate-600 tabular-nums sm:text-sm dark:text-slate-400">{clicks}</p>}
        </div>
      </div>
      {/* The controls: a column of their own on a phone, the switch over Edit and Delete. */}
      {!locked && (
        <div className="flex shrink-0 flex-col items-end gap-1 sm:ms-auto sm:flex-row sm:items-center">
          {onToggleActive && (
            <span className="inline-flex h-8 items-center pe-2 sm:h-auto sm:pe-0">
              <Switch
                checked={link.is_active}
                onCheckedChange={(checked) => onToggleActive(link, checked)}
                aria-label={t('links.active_of', { title: link.title })}
              />
            </span>
          )}
          <span className="flex items-center gap-1">
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
          </span>
        </div>
      )}
    </li>
  );
}
