import { Plus } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Link } from '@shared/types';
import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { PageHeader } from '@/components/page-header';
import { PreviewLayout } from '@/components/preview-layout';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { cardDataOf } from '@/lib/card-data';
import { useCurrentUser } from '@/lib/current-user';
import { useLinks } from '@/lib/links-query';
import { DeleteLinkDialog } from './delete-link-dialog';
import { LinksList } from './links-list';

// The form (react-hook-form and zod) is its own chunk: the list paints without waiting for it,
// which keeps the screen's first load inside the dashboard's JavaScript budget.
const LinkForm = lazy(() => import('./link-form').then((module) => ({ default: module.LinkForm })));

/** What the link dialog is open for: a new link, or the one being edited. */
type FormFor = { link: Link | null } | null;

/**
 * Manage Links (docs/product.md §2 and §4): the list first, with the card's live preview beside
 * it; 'New Link' and each row's Edit open the form in a dialog.
 */
export function LinksScreen() {
  const links = useLinks();
  const user = useCurrentUser();
  const card = user.data && links.data ? cardDataOf(user.data, links.data) : null;
  const [formFor, setFormFor] = useState<FormFor>(null);
  const [deleting, setDeleting] = useState<Link | null>(null);
  const linkCount = links.data?.length ?? 0;
  const editing = formFor?.link ?? null;
  // Closed, the dialog gives the focus back to what opened it: 'New Link', or the row's Edit
  // button, found again by the link's id (the row may have been drawn anew meanwhile).
  const newLinkButton = useRef<HTMLButtonElement>(null);
  const openedFor = useRef<number | null>(null);
  const openForm = (link: Link | null) => {
    openedFor.current = link?.id ?? null;
    setFormFor({ link });
  };
  const returnFocus = (event: Event) => {
    const id = openedFor.current;
    const target =
      id === null
        ? newLinkButton.current
        : document.querySelector<HTMLElement>(`[data-links-list] [data-edit-link="${id}"]`);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  const cancel = () => {
    setFormFor(null);
    toast.info(editing ? 'Editing cancelled' : 'Adding cancelled');
  };

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title="Manage Links"
        subtitle="Add and manage your links to social media and websites"
        actions={
          <Button ref={newLinkButton} onClick={() => openForm(null)} disabled={links.isPending}>
            <Plus className="h-4 w-4" aria-hidden />
            New Link
          </Button>
        }
      />
      <PreviewLayout card={card}>
        <SectionErrorBoundary name="links">
          <LinksList
            editingId={editing?.id ?? null}
            onEdit={openForm}
            onDelete={setDeleting}
            onAddFirst={() => openForm(null)}
          />
        </SectionErrorBoundary>
      </PreviewLayout>
      <Dialog open={formFor !== null} onOpenChange={(open) => !open && setFormFor(null)}>
        {formFor ? (
          <DialogContent
            title={editing ? 'Edit Link' : 'Add New Link'}
            description={editing ? `Change “${editing.title}”.` : 'Choose a platform and enter your username or URL.'}
            className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto"
            // The form puts the focus on its Title itself once its chunk has loaded.
            onOpenAutoFocus={(event) => event.preventDefault()}
            onCloseAutoFocus={returnFocus}
            // Escape in the open platform list closes that list, not the dialog.
            onEscapeKeyDown={(event) => {
              if ((event.target as Element | null)?.getAttribute?.('aria-expanded') === 'true') event.preventDefault();
            }}
          >
            <SectionErrorBoundary name="link form">
              <Suspense fallback={<Skeleton className="h-80 w-full" />}>
                <LinkForm
                  // A new key gives the form fresh values for each link edited, and defaults for a new one.
                  key={editing ? `edit-${editing.id}` : 'new'}
                  editing={editing}
                  linkCount={linkCount}
                  onSaved={() => setFormFor(null)}
                  onCancel={cancel}
                />
              </Suspense>
            </SectionErrorBoundary>
          </DialogContent>
        ) : null}
      </Dialog>
      <DeleteLinkDialog
        link={deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onDeleted={(id) => editing?.id === id && setFormFor(null)}
      />
    </div>
  );
}
