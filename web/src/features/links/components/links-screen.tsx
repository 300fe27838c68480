import { lazy, Suspense, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Link } from '@shared/types';
import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { PageHeader } from '@/components/page-header';
import { PreviewLayout } from '@/components/preview-layout';
import { Skeleton } from '@/components/ui/skeleton';
import { cardDataOf } from '@/lib/card-data';
import { useCurrentUser } from '@/lib/current-user';
import { useLinks } from '@/lib/links-query';
import { DeleteLinkDialog } from './delete-link-dialog';
import { LinksList } from './links-list';

// The form (react-hook-form and zod) is its own chunk: the list paints without waiting for it,
// which keeps the screen's first load inside the dashboard's JavaScript budget.
const LinkForm = lazy(() => import('./link-form').then((module) => ({ default: module.LinkForm })));

/** Manage Links (docs/product.md §2 and §4): the add/edit form above the searchable list. */
export function LinksScreen() {
  const links = useLinks();
  const user = useCurrentUser();
  const card = user.data && links.data ? cardDataOf(user.data, links.data) : null;
  const [editing, setEditing] = useState<Link | null>(null);
  const [deleting, setDeleting] = useState<Link | null>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const linkCount = links.data?.length ?? 0;

  const scrollToTop = () => {
    topRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    window.scrollTo?.({ top: 0, behavior: 'smooth' });
  };

  const edit = (link: Link) => {
    setEditing(link);
    scrollToTop();
  };

  const cancel = () => {
    setEditing(null);
    toast.info('Editing cancelled');
  };

  return (
    <div ref={topRef} className="mx-auto max-w-6xl scroll-mt-24 space-y-6">
      <PageHeader title="Manage Links" subtitle="Add and manage your links to social media and websites" />
      <PreviewLayout card={card}>
        <SectionErrorBoundary name="link form">
          {links.isPending ? (
            <Skeleton className="h-80 w-full" />
          ) : (
            <Suspense fallback={<Skeleton className="h-80 w-full" />}>
              <LinkForm
                // A new key gives the form fresh values for each link edited, and defaults when editing ends.
                key={editing ? `edit-${editing.id}` : 'new'}
                editing={editing}
                linkCount={linkCount}
                onSaved={() => setEditing(null)}
                onCancel={cancel}
              />
            </Suspense>
          )}
        </SectionErrorBoundary>
        <SectionErrorBoundary name="links">
          <LinksList
            editingId={editing?.id ?? null}
            onEdit={edit}
            onDelete={setDeleting}
            onAddFirst={() => {
              setEditing(null);
              scrollToTop();
              document.getElementById('link-title')?.focus({ preventScroll: true });
            }}
          />
        </SectionErrorBoundary>
      </PreviewLayout>
      <DeleteLinkDialog
        link={deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onDeleted={(id) => editing?.id === id && setEditing(null)}
      />
    </div>
  );
}
