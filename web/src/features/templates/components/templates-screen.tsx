import { useState } from 'react';
import { toast } from '@/components/toast';
import type { Template } from '@shared/types';
import { LoadError } from '@/components/load-error';
import { PreviewLayout } from '@/components/preview-layout';
import { SaveBar } from '@/components/save-bar';
import { Skeleton } from '@/components/ui/skeleton';
import { cardDataOf } from '@/lib/card-data';
import { words } from '@/lib/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { useLinks } from '@/lib/links-query';
import { useTemplates } from '@/lib/templates-query';
import { useUpdateTemplate } from '../api/update-template';
import { TemplateCard } from '@/components/looks/template-card';

const t = words('looks');

/** Template Gallery (docs/product.md §2 and §4). */
export function TemplatesScreen() {
  const templates = useTemplates();
  const user = useCurrentUser();
  const save = useUpdateTemplate();
  const links = useLinks();
  // Until the user picks one, the selection is the card's saved template.
  const [picked, setPicked] = useState<number | null>(null);
  const selected = picked ?? user.data?.template_id ?? null;

  // The preview shows the choice at once, and the save bar keeps it (docs/product.md §4, Templates).
  const select = (template: Template) => setPicked(template.id);

  const submit = async () => {
    if (selected === null) return;
    const toastId = toast.loading(t('looks.saving_template'));
    try {
      await save.mutateAsync(selected);
      toast.success(t('looks.saved_template'), { id: toastId });
    } catch {
      toast.error(t('looks.template_failed'), { id: toastId });
    }
  };

  const dirty = picked !== null && picked !== user.data?.template_id;
  const chosen = templates.data?.find((template) => template.id === selected) ?? null;
  // The card with the chosen (unsaved) template, for the preview.
  const card = user.data ? cardDataOf(user.data, links.data ?? [], chosen ? { template: chosen } : {}) : null;
  // Each template's tile: the same card laid out by that template.

  return (
    <div className="mx-auto max-w-6xl">
      {/* Phone and desktop widths: a two-column template shows its columns only on the wider. */}
      <PreviewLayout
        card={card}
        unsaved={dirty}
        header={{ title: t('looks.templates_title'), subtitle: t('looks.templates_subtitle') }}
      >
        {templates.isPending ? (
          <div
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
            role="status"
            aria-busy="true"
            aria-label={t('looks.templates_loading')}
          >
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-72" />
            ))}
          </div>
        ) : templates.data === undefined ? (
          <LoadError
            message={t('looks.templates_error', { message: templates.error.message || t('looks.unknown_error') })}
            onRetry={() => void templates.refetch()}
            retrying={templates.isFetching}
          />
        ) : templates.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            {t('looks.templates_none')}
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {templates.data.map((template) => (
              <li key={template.id}>
                {card ? (
                  <TemplateCard
                    template={template}
                    card={{ ...card, template }}
                    selected={template.id === selected}
                    onSelect={select}
                  />
                ) : (
                  <Skeleton className="h-72" />
                )}
              </li>
            ))}
          </ul>
        )}
        <SaveBar
          dirty={dirty}
          saving={save.isPending}
          saveLabel={t('looks.save_template')}
          onSave={() => void submit()}
          onDiscard={() => setPicked(null)}
        />
      </PreviewLayout>
    </div>
  );
}
