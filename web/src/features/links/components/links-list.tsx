import { Plus, Search } from 'lucide-react';
import { useState } from 'react';
import type { Link } from '@shared/types';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { sortLinks, useLinks } from '@/lib/links-query';
import { LinkItem } from './link-item';

type Props = {
  editingId: number | null;
  onEdit: (link: Link) => void;
  onDelete: (link: Link) => void;
  onAddFirst: () => void;
};

/** 'Your Links': search on title or url, case-insensitively; sorted by display_order (docs/product.md §2). */
export function LinksList({ editingId, onEdit, onDelete, onAddFirst }: Props) {
  const links = useLinks();
  const [search, setSearch] = useState('');
  const term = search.trim().toLowerCase();
  const shown = sortLinks(links.data ?? []).filter(
    (link) => !term || link.title.toLowerCase().includes(term) || link.url.toLowerCase().includes(term),
  );

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle>Your Links</CardTitle>
        <div className="relative sm:w-64">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search links"
            placeholder="Search links..."
            className="pl-9"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </CardHeader>
      <CardContent>
        {links.isPending ? (
          <div className="space-y-2" aria-busy="true" aria-label="Loading links">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : links.isError ? (
          <LoadError
            message={`Error loading links: ${links.error.message || 'Unknown error'}`}
            onRetry={() => void links.refetch()}
            retrying={links.isFetching}
          />
        ) : links.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-10 text-center">
            <p className="text-slate-600 dark:text-slate-400">You don't have any links yet</p>
            <Button onClick={onAddFirst}>
              <Plus className="h-4 w-4" aria-hidden />
              Add Your First Link
            </Button>
          </div>
        ) : shown.length === 0 ? (
          <p className="py-10 text-center text-slate-600 dark:text-slate-400">No links match your search</p>
        ) : (
          <ul className="space-y-2" aria-label="Your Links">
            {shown.map((link) => (
              <LinkItem
                key={link.id}
                link={link}
                isEditing={link.id === editingId}
                onEdit={onEdit}
                onDelete={onDelete}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
