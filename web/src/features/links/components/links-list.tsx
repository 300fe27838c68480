import { Plus, Search } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { Link } from '@shared/types';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { words } from '@/lib/i18n';
import { sortLinks, useLinks } from '@/lib/links-query';
import { useReorderLinks } from '../api/reorder-links';
import { useToggleLink } from '../api/toggle-link';
import { followPress, pressAgain } from '../lib/held-press';
import { LinkItem } from './link-item';
import type { SortableLinks as SortableLinksType } from './sortable-links';

const t = words('links');

type Sortable = ComponentType<Parameters<typeof SortableLinksType>[0]>;

type Props = {
  editingId: number | null;
  onEdit: (link: Link) => void;
  onDelete: (link: Link) => void;
  onAddFirst: () => void;
};

/** 'Your Links': search on title or url, case-insensitively; sorted by display_order (docs/product.md §2). */
export function LinksList({ editingId, onEdit, onDelete, onAddFirst }: Props) {
  const links = useLinks();
  const reorder = useReorderLinks();
  const toggle = useToggleLink();
  const onToggleActive = (link: Link, isActive: boolean) => toggle.mutate({ id: link.id, isActive });
  const [search, setSearch] = useState('');
  // Drag and drop (dnd-kit) is its own chunk, outside the screen's budget. It loads once the list
  // has painted and the browser is idle, or at the first touch of the list, whichever comes
  // first, so it is there before the first press of a handle: a drag that began before dnd-kit
  // was listening was lost, and the first drag after load did nothing (decision 74).
  const [Sortable, setSortable] = useState<Sortable | null>(null);
  // Swapping in the sortable list remounts every row. Whatever control of the list had the focus
  // when dnd-kit arrived (the handle reached for, or the Edit button tabbed on to) keeps it; a focus
  // that has meanwhile moved out of the list (the edit form's Title) is left alone.
  const listFocus = useRef<string | null>(null);
  const loading = useRef(false);
  const heldPress = useRef<ReturnType<typeof followPress> | null>(null);
  const loadSortable = () => {
    if (loading.current) return;
    loading.current = true;
    void import('./sortable-links').then((module) => {
      const active = document.activeElement;
      listFocus.current = active?.closest('[data-links-list]') ? active.getAttribute('aria-label') : null;
      setSortable(() => module.SortableLinks);
    });
  };
  const hasLinks = (links.data?.length ?? 0) > 0;
  useEffect(() => {
    if (!hasLinks) return;
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(loadSortable, { timeout: 500 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(loadSortable, 200);
    return () => clearTimeout(id);
  }, [hasLinks]);
  useEffect(() => {
    const press = heldPress.current?.();
    heldPress.current = null;
    if (Sortable && press) pressAgain(press, document.querySelector('[data-links-list]'));
    const label = listFocus.current;
    listFocus.current = null;
    if (!Sortable || !label) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    (document.querySelector(`[data-links-list] [aria-label="${CSS.escape(label)}"]`) as HTMLElement | null)?.focus();
  }, [Sortable]);
  const term = search.trim().toLowerCase();
  const shown = sortLinks(links.data ?? []).filter(
    (link) => !term || link.title.toLowerCase().includes(term) || link.url.toLowerCase().includes(term),
  );

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle>{t('links.your_links')}</CardTitle>
        <div className="relative sm:w-64">
          <Search
            className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <Input
            type="search"
            aria-label={t('links.search_label')}
            placeholder={t('links.search_placeholder')}
            className="ps-9"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </CardHeader>
      <CardContent data-links-list onPointerDownCapture={hasLinks ? loadSortable : undefined}>
        {/* A failed refetch (after a save, on a bad network) keeps the list shown: the error only without one. */}
        {links.isPending ? (
          <div className="space-y-2" role="status" aria-busy="true" aria-label={t('links.loading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : links.data === undefined ? (
          <LoadError
            message={t('links.load_error', { error: links.error.message || t('links.unknown_error') })}
            onRetry={() => void links.refetch()}
            retrying={links.isFetching}
          />
        ) : links.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-10 text-center">
            <p className="text-slate-600 dark:text-slate-400">{t('links.empty')}</p>
            <Button onClick={onAddFirst}>
              <Plus className="h-4 w-4" aria-hidden />
              {t('links.add_first')}
            </Button>
          </div>
        ) : shown.length === 0 ? (
          <p className="py-10 text-center text-slate-600 dark:text-slate-400">{t('links.no_match')}</p>
        ) : (
          <>
            {term ? (
              <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">{t('links.clear_to_reorder')}</p>
            ) : null}
            {Sortable && !term ? (
              <Sortable
                links={shown}
                onReorder={(ids) => reorder.mutate(ids)}
                renderItem={(link, handle) => (
                  <LinkItem
                    key={link.id}
                    link={link}
                    isEditing={link.id === editingId}
                    onEdit={onEdit}
                    onDelete={onDelete}
                    onToggleActive={onToggleActive}
                    handle={handle}
                  />
                )}
              />
            ) : (
              <ul className="space-y-2" aria-label={t('links.your_links')}>
                {shown.map((link) => (
                  <LinkItem
                    key={link.id}
                    link={link}
                    isEditing={link.id === editingId}
                    onEdit={onEdit}
                    onDelete={onDelete}
                    onToggleActive={onToggleActive}
                    {...(term
                      ? {}
                      : {
                          handle: {
                            handleProps: {
                              onFocus: loadSortable,
                              onPointerDown: (event) => {
                                heldPress.current?.();
                                heldPress.current = followPress(
                                  event.nativeEvent,
                                  event.currentTarget.getAttribute('aria-label') ?? '',
                                );
                                loadSortable();
                              },
                            },
                          },
                        })}
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
