import { Plus, Trash2 } from 'lucide-react';
import { REQUIRED_LINKS_MAX } from '@shared/org-template';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { words } from '@/lib/i18n';

const t = words('orgs-template');

type RequiredLink = { title: string; url: string };

/** The links every work card carries first, in this order; each field shows the API's message for it. */
export function RequiredLinksCard({
  links,
  onChange,
  errorOf,
}: {
  links: RequiredLink[];
  onChange: (links: RequiredLink[]) => void;
  errorOf: (key: string) => string | undefined;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('orgs-template.links')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t('orgs-template.links_hint', { max: REQUIRED_LINKS_MAX })}
        </p>
        {links.map((link, index) => {
          const titleId = `org-template-link-${index}-title`;
          const urlId = `org-template-link-${index}-url`;
          const titleError = errorOf(`required_links.${index}.title`);
          const urlError = errorOf(`required_links.${index}.url`);
          const update = (patch: Partial<typeof link>) =>
            onChange(links.map((each, i) => (i === index ? { ...each, ...patch } : each)));
          return (
            // Keyed by place: the links have no id of their own until saved, and their order is their place.
            <fieldset key={index} className="grid gap-2 sm:grid-cols-[1fr_2fr_auto] sm:items-start">
              <div>
                <Label htmlFor={titleId}>{t('orgs-template.link_title')}</Label>
                <Input
                  id={titleId}
                  className="mt-1"
                  dir="auto"
                  value={link.title}
                  aria-invalid={!!titleError}
                  aria-describedby={titleError ? `${titleId}-error` : undefined}
                  onChange={(event) => update({ title: event.target.value })}
                />
                <FieldError id={`${titleId}-error`} message={titleError} />
              </div>
              <div>
                <Label htmlFor={urlId}>{t('orgs-template.link_url')}</Label>
                <Input
                  id={urlId}
                  className="mt-1"
                  type="url"
                  dir="ltr"
                  value={link.url}
                  aria-invalid={!!urlError}
                  aria-describedby={urlError ? `${urlId}-error` : undefined}
                  onChange={(event) => update({ url: event.target.value })}
                />
                <FieldError id={`${urlId}-error`} message={urlError} />
              </div>
              <Button
                variant="ghost"
                className="sm:mt-6"
                aria-label={t('orgs-template.remove_link', { title: link.title || String(index + 1) })}
                onClick={() => onChange(links.filter((_, i) => i !== index))}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            </fieldset>
          );
        })}
        <FieldError id="org-template-links-error" message={errorOf('required_links')} />
        {links.length < REQUIRED_LINKS_MAX ? (
          <Button variant="outline" onClick={() => onChange([...links, { title: '', url: '' }])}>
            <Plus className="me-1 h-4 w-4" aria-hidden />
            {t('orgs-template.add_link')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
