import { Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { loadWords } from '@/lib/i18n';
import { retryableLazy } from '@/lib/retryable-lazy';

// The organisation's Template tab (docs/decisions/0105-org-templates.md). The editor and its words
// (its own, the Themes screen's, whose colour and button controls it reuses, and the uploads', for
// the company logo) load on first use, so no other screen's first load carries them.
const TemplateEditor = retryableLazy(() =>
  Promise.all([import('./template-editor'), loadWords('orgs-template', 'looks', 'uploads')]).then(([module]) => ({
    default: module.TemplateEditor,
  })),
);

/** The template of the organisation `orgId`: its look, each field's rule and the links every card carries. */
export function TemplateScreen({ orgId }: { orgId: string }) {
  return (
    <Suspense fallback={<Skeleton className="h-96 w-full" />}>
      <TemplateEditor orgId={orgId} />
    </Suspense>
  );
}
