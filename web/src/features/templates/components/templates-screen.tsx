import { useState } from 'react';
import { toast } from 'sonner';
import type { Template } from '@shared/types';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/lib/current-user';
import { useTemplates } from '../api/get-templates';
import { useUpdateTemplate } from '../api/update-template';
import { TemplateCard } from './template-card';

/** Template Gallery (docs/product.md §2 and §4). */
export function TemplatesScreen() {
  const templates = useTemplates();
  const user = useCurrentUser();
  const save = useUpdateTemplate();
  // Until the user picks one, the selection is the card's saved template.
  const [picked, setPicked] = useState<number | null>(null);
  const selected = picked ?? user.data?.template_id ?? null;

  const select = (template: Template) => {
    setPicked(template.id);
    toast.info("Template selected. Don't forget to save your changes.");
  };

  const submit = async () => {
    if (selected === null) return;
    const toastId = toast.loading('Updating template...');
    try {
      await save.mutateAsync(selected);
      toast.success('Template updated successfully', { id: toastId });
    } catch {
      toast.error('Failed to update template. Please try again.', { id: toastId });
    }
  };

  const saveButton = (
    <Button onClick={() => void submit()} disabled={selected === null || save.isPending} className="shadow-lg">
      {save.isPending ? 'Saving...' : 'Save Selected Template'}
    </Button>
  );

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Template Gallery" subtitle="Choose a template design for your digital card" />
      {templates.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading templates">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-72" />
          ))}
        </div>
      ) : templates.isError ? (
        <LoadError
          message={`Error loading templates: ${templates.error.message || 'Unknown error'}`}
          onRetry={() => void templates.refetch()}
          retrying={templates.isFetching}
        />
      ) : templates.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          No templates available at the moment.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {templates.data.map((template) => (
            <li key={template.id}>
              <TemplateCard template={template} selected={template.id === selected} onSelect={select} />
            </li>
          ))}
        </ul>
      )}
      {/* Sticky, so the button stays at hand below a long gallery on a phone. */}
      <div className="sticky bottom-4 z-10 mt-6 flex justify-end">{saveButton}</div>
    </div>
  );
}
