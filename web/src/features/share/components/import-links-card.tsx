import { Download, Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/toast';
import type { PreviewLink } from '@shared/schemas/link-import';
import { LinkIcon } from '@/components/link-icon';
import { LoadError } from '@/components/load-error';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { useCardTemplate } from '@/lib/org-template-query';
import { useImportLinks, usePreviewImport } from '../api/import-links';

const t = words('share');

/** A found link's key: its address, or a header's title (a header has no address). */
const keyOf = (link: { url: string; title: string; kind?: string | undefined }) =>
  link.kind === 'header' ? `header:${link.title}` : link.url;

/**
 * 'Import links' from a public Linktree page: read it, review the links, create the chosen ones. A
 * work card whose template locks or hides its links takes none (the API refuses with 403), so no
 * form is offered there, nor before the template is read.
 */
export function ImportLinksCard() {
  const ruled = useCardTemplate();
  if (ruled.status === 'failed')
    return <LoadError message={t('share.template_load_error')} onRetry={ruled.retry} retrying={ruled.retrying} />;
  if (ruled.status === 'loading')
    return (
      <div role="status" aria-busy="true" aria-label={t('share.import_loading')}>
        <Skeleton className="h-40 w-full" />
      </div>
    );
  const rule = ruled.template?.rules.links;
  if (ruled.template && (rule === 'locked' || rule === 'hidden')) {
    const organisation = ruled.template.org_name;
    return (
      <Card>
        <CardHeader>
          <CardTitle>{t('share.import_title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-slate-600 dark:text-slate-400" data-import-rule={rule}>
            <Lock className="me-1 inline h-3.5 w-3.5" aria-hidden />
            {rule === 'locked'
              ? t('share.import_locked', { organisation })
              : t('share.import_hidden', { organisation })}
          </p>
        </CardContent>
      </Card>
    );
  }
  return <ImportForm />;
}

function ImportForm() {
  const [url, setUrl] = useState('');
  const [found, setFound] = useState<{ source: string; links: PreviewLink[] } | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const preview = usePreviewImport();
  const create = useImportLinks();

  const find = async (event: FormEvent) => {
    event.preventDefault();
    setFound(null);
    try {
      const data = await preview.mutateAsync(url);
      setFound(data);
      setChosen(new Set(data.links.map(keyOf)));
    } catch {
      // Shown below from the mutation's error.
    }
  };
  const importChosen = async () => {
    if (!found) return;
    // A header comes as a header, a scheduled link with its times; the Worker picks the display.
    const links = found.links
      .filter((link) => chosen.has(keyOf(link)))
      .map(({ title, url, kind, starts_at, ends_at }) => ({
        title,
        url,
        ...(kind ? { kind } : {}),
        ...(starts_at ? { starts_at } : {}),
        ...(ends_at ? { ends_at } : {}),
      }));
    try {
      const body = await create.mutateAsync(links);
      toast.success(body.message);
      setFound(null);
      setUrl('');
    } catch (error) {
      toast.error(errorMessage(error, t('share.import_failed')));
    }
  };
  const toggle = (link: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(link);
      else next.delete(link);
      return next;
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('share.import_title')}</CardTitle>
        <CardDescription>{t('share.import_description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={(event) => void find(event)} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1">
            <Label htmlFor="import-url">{t('share.import_page')}</Label>
            <Input
              id="import-url"
              inputMode="url"
              placeholder={t('share.import_placeholder')}
              dir="ltr"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              aria-describedby={preview.isError ? 'import-error' : undefined}
            />
          </div>
          <Button type="submit" disabled={preview.isPending || url.trim() === ''}>
            {preview.isPending ? t('share.import_reading') : t('share.import_find')}
          </Button>
        </form>
        {preview.isError && (
          <Alert id="import-error">{errorMessage(preview.error, t('share.import_read_failed'))}</Alert>
        )}
        {found && (
          <section aria-labelledby="import-review" className="space-y-3">
            <h3 id="import-review" className="text-sm font-semibold">
              {t('share.import_found', {
                count: found.links.length,
                source: found.source.replace(/^https:\/\//, ''),
              })}
            </h3>
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {found.links.map((link) => (
                <li key={keyOf(link)}>
                  <label className="flex items-center gap-3 py-2">
                    <input
                      type="checkbox"
                      className="h-4 w-4 shrink-0"
                      checked={chosen.has(keyOf(link))}
                      onChange={(event) => toggle(keyOf(link), event.target.checked)}
                    />
                    <LinkIcon icon={link.icon} className="h-6 w-6" />
                    <span className="min-w-0">
                      <span dir="auto" className="block truncate text-sm font-medium">
                        {link.title}
                      </span>
                      <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                        {`${link.platform_name} · ${link.url}`}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            <Button onClick={() => void importChosen()} disabled={create.isPending || chosen.size === 0}>
              <Download className="h-4 w-4" aria-hidden />
              {create.isPending ? t('share.import_importing') : t('share.import_button', { count: chosen.size })}
            </Button>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
