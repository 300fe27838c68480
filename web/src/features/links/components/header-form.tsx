import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '@/components/toast';
import { LINK_TITLE_MAX } from '@shared/constants';
import type { Link } from '@shared/types';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { useSaveHeader } from '../api/save-header';
import type { LinkDraft } from './link-form';

const t = words('links');

/**
 * A header's form (docs/product.md §4, Links): its title alone, since a header has no address.
 * It goes last like a new link; its handle moves it, and the links under it, into place.
 */
export function HeaderForm({
  editing,
  onSaved,
  onCancel,
  onDraft,
}: {
  editing: Link | null;
  onSaved: () => void;
  onCancel: () => void;
  onDraft: (draft: LinkDraft & { kind: 'header' }) => void;
}) {
  const save = useSaveHeader();
  const [title, setTitle] = useState(editing?.title ?? '');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    onDraft({
      kind: 'header',
      title: title.trim() || t('links.header_label'),
      url: '',
      icon: '',
      is_active: editing?.is_active ?? true,
      display: 'button',
      starts_at: null,
      ends_at: null,
      highlight: false,
      sensitive: false,
      thumbnail_url: null,
    });
  }, [title, editing, onDraft]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') {
      setError(t('links.header_required'));
      return;
    }
    try {
      await save.mutateAsync({ editing, title: title.trim() });
      toast.success(t(editing ? 'links.updated' : 'links.created'));
      onSaved();
    } catch (failure) {
      const message = failure instanceof ApiError ? (failure.errors.title?.[0] ?? failure.serverMessage) : undefined;
      setError(message ?? t('links.unexpected'));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <FormField id="header-title" label={t('links.header_label')} error={error}>
        <Input
          id="header-title"
          dir="auto"
          className="mt-1"
          autoFocus
          maxLength={LINK_TITLE_MAX}
          value={title}
          aria-invalid={!!error}
          aria-describedby={error ? 'header-title-error header-title-help' : 'header-title-help'}
          onChange={(event) => setTitle(event.target.value)}
        />
      </FormField>
      <p id="header-title-help" className="-mt-2 text-sm text-slate-600 dark:text-slate-400">
        {t('links.header_help')}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {t(save.isPending ? 'links.saving' : editing ? 'links.update' : 'links.new_header')}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={save.isPending}>
          {t('links.cancel')}
        </Button>
      </div>
    </form>
  );
}
