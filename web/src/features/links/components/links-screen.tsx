import { Heading, Plus } from 'lucide-react';
import { Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { toast } from '@/components/toast';
import type { Link } from '@shared/types';
import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { PreviewLayout } from '@/components/preview-layout';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cardDataOf } from '@/lib/card-data';
import { useCurrentUser } from '@/lib/current-user';
import { words } from '@/lib/i18n';
import { sortLinks, useLinks } from '@/lib/links-query';
import { useCardTemplate } from '@/lib/org-template-query';
import { retryableLazy } from '@/lib/retryable-lazy';
import { richWords } from '@/lib/rich-words';
import { useDeleteLinkWithUndo } from './delete-link';
import { scheduleLabel } from '../lib/link-schedule';
import type { LinkDraft } from './link-form';
import { LinksList } from './links-list';
import { RuledLinks } from './ruled-links';

const t = words('links');

// The form (react-hook-form and zod) is its own chunk: the list paints without waiting for it,
// which keeps the screen's first load inside the dashboard's JavaScript budget.
const LinkForm = retryableLazy(() => import('./link-form').then((module) => ({ default: module.LinkForm })));
const HeaderForm = retryableLazy(() => import('./header-form').then((module) => ({ default: module.HeaderForm })));

/** What the link form is open for: a new link, or the one being edited. */
type FormFor = { link: Link | null; kind: 'link' | 'header' } | null;

/** The links with the form's unsaved link laid over them: the edited one replaced, a new one last. */
function withDraft(links: Link[], editing: Link | null, draft: (LinkDraft & { kind?: Link['kind'] }) | null): Link[] {
  if (!draft) return links;
  if (editing) return links.map((link) => (link.id === editing.id ? { ...link, ...draft } : link));
  const last = links.reduce((max, link) => Math.max(max, link.display_order), -1);
  const now = new Date().toISOString();
  return [
    ...links,
    { id: -1, kind: 'link', display_order: last + 1, clicks: 0, created_at: now, updated_at: now, ...draft },
  ];
}

/**
 * Manage Links (docs/product.md §2 and §4). A work card's template may lock or hide its links:
 * nothing that changes them is offered until the template is read, nor after if it rules so.
 */
export function LinksScreen() {
  // The profile (the preview's card) is read meanwhile, beside the template.
  useCurrentUser();
  const ruled = useCardTemplate();
  const rule = ruled.status === 'ready' ? ruled.template?.rules.links : undefined;
  return ruled.status === 'ready' && rule !== 'locked' && rule !== 'hidden' ? (
    <LinksEditor />
  ) : (
    <RuledLinks ruled={ruled} />
  );
}

/**
 * The list first, with the card's live preview beside it. 'New Link' and each row's Edit open the
 * form in place above the list, never in a dialog that would dim the preview: the preview follows
 * the form as it is typed (decision 74).
 */
function LinksEditor() {
  const links = useLinks();
  const user = useCurrentUser();
  const [formFor, setFormFor] = useState<FormFor>(null);
  const [draft, setDraft] = useState<(LinkDraft & { kind?: Link['kind'] }) | null>(null);
  const editing = formFor?.link ?? null;
  const shown = formFor && links.data ? withDraft(links.data, editing, draft) : links.data;
  // The preview keeps a scheduled link that is not on the card now, with its state in words.
  const card = user.data && shown ? cardDataOf(user.data, shown, {}, (link) => scheduleLabel(link)) : null;
  const linkCount = links.data?.length ?? 0;
  const remove = useDeleteLinkWithUndo();
  // Closed, the form gives the focus back to what opened it: 'New Link', or the row's Edit
  // button, found again by the link's id (the row may have been drawn anew meanwhile).
  const newLinkButton = useRef<HTMLButtonElement>(null);
  const openedFor = useRef<number | null>(null);
  // Which form is open now: a save that ends after another was opened (a row's Edit tapped while
  // Add Link was on its way) must leave that one open, not close it with its own.
  const openKey = useRef<string | null>(null);
  const keyOf = (link: Link | null, kind: 'link' | 'header') => `${kind}:${link?.id ?? 'new'}`;
  const openForm = (link: Link | null, kind: 'link' | 'header' = link?.kind ?? 'link') => {
    openedFor.current = link?.id ?? null;
    openKey.current = keyOf(link, kind);
    setDraft(null);
    setFormFor({ link, kind });
  };
  const headerForm = formFor?.kind === 'header';
  const closeForm = () => {
    openKey.current = null;
    setFormFor(null);
    setDraft(null);
    const id = openedFor.current;
    const target =
      id === null
        ? newLinkButton.current
        : document.querySelector<HTMLElement>(`[data-links-list] [data-edit-link="${id}"]`);
    target?.focus();
  };
  // A deleted row takes its button with it: the focus goes on to the next row's Delete (or the
  // one before, or 'New Link'), from where Alt+T reaches the toast's Undo.
  const focusAfterDelete = (link: Link) => {
    const rows = sortLinks(links.data ?? []);
    const at = rows.findIndex((row) => row.id === link.id);
    const next = rows[at + 1] ?? rows[at - 1];
    requestAnimationFrame(() =>
      (next
        ? document.querySelector<HTMLElement>(`[data-links-list] [data-delete-link="${next.id}"]`)
        : newLinkButton.current
      )?.focus(),
    );
  };
  const closeAfterSave = (key: string) => () => {
    if (openKey.current === key) closeForm();
  };
  const onDraft = useCallback((next: LinkDraft & { kind?: Link['kind'] }) => setDraft(next), []);

  const cancel = () => {
    closeForm();
    toast.info(t(editing ? 'links.edit_cancelled' : 'links.add_cancelled'));
  };
  // The opened form takes the focus at once, while its fields still load, so Escape (handled on
  // the form) leaves it even when pressed before the first field is there to be focused.
  const formRegion = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const region = formRegion.current;
    if (formFor && region && !region.contains(document.activeElement)) region.focus();
  }, [formFor]);
  // Escape leaves the form, except in the open platform list, where it closes that list.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || (event.target as Element).getAttribute('aria-expanded') === 'true') return;
    event.preventDefault();
    cancel();
  };

  const heading = headerForm
    ? t(editing ? 'links.edit_header_heading' : 'links.add_header_heading')
    : t(editing ? 'links.edit_heading' : 'links.add_heading');
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PreviewLayout
        card={card}
        unsaved={formFor !== null}
        // The preview brings the link being edited, or the new one once typed, into view.
        focusLinkId={formFor ? (editing?.id ?? -1) : null}
        header={{
          title: t('links.title'),
          subtitle: t('links.subtitle'),
          actions: (
            <div className="flex flex-wrap gap-2">
              <Button ref={newLinkButton} onClick={() => openForm(null)} disabled={links.isPending}>
                <Plus className="h-4 w-4" aria-hidden />
                {t('links.new')}
              </Button>
              <Button variant="outline" onClick={() => openForm(null, 'header')} disabled={links.isPending}>
                <Heading className="h-4 w-4" aria-hidden />
                {t('links.new_header')}
              </Button>
            </div>
          ),
        }}
      >
        {formFor ? (
          <Card
            ref={formRegion}
            tabIndex={-1}
            role="region"
            aria-labelledby="link-form-heading"
            onKeyDown={onKeyDown}
            className="ring-2 ring-brand-600/40"
          >
            <CardHeader>
              <CardTitle id="link-form-heading">{heading}</CardTitle>
              <CardDescription>
                {editing
                  ? richWords((values) => t('links.edit_description', values), { title: <bdi>{editing.title}</bdi> })
                  : t('links.add_description')}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <SectionErrorBoundary name="link form">
                <Suspense fallback={<Skeleton className="h-80 w-full" />}>
                  {headerForm ? (
                    <HeaderForm
                      key={editing ? `header-${editing.id}` : 'new-header'}
                      editing={editing}
                      onSaved={closeAfterSave(keyOf(editing, formFor?.kind ?? 'header'))}
                      onCancel={cancel}
                      onDraft={onDraft}
                    />
                  ) : (
                    <LinkForm
                      // A new key gives the form fresh values for each link edited, and defaults for a new one.
                      key={editing ? `edit-${editing.id}` : 'new'}
                      editing={editing}
                      linkCount={linkCount}
                      onSaved={closeAfterSave(keyOf(editing, formFor?.kind ?? 'link'))}
                      onCancel={cancel}
                      onDraft={onDraft}
                    />
                  )}
                </Suspense>
              </SectionErrorBoundary>
            </CardContent>
          </Card>
        ) : null}
        <SectionErrorBoundary name="links">
          <LinksList
            editingId={editing?.id ?? null}
            onEdit={openForm}
            onDelete={(link) => {
              if (editing?.id === link.id) closeForm();
              focusAfterDelete(link);
              void remove(link);
            }}
            onAddFirst={() => openForm(null)}
          />
        </SectionErrorBoundary>
      </PreviewLayout>
    </div>
  );
}
