import type { CardData } from '@shared/card/card-view';
import type { CustomTheme, Theme } from '@shared/types';
import { TemplateCard } from '@/components/looks/template-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Skeleton } from '@/components/ui/skeleton';
import { words } from '@/lib/i18n';
import { useTemplates } from '@/lib/templates-query';
import { inLook } from './sample-card';

const t = words('orgs-template');

/** The cards' layout from the catalogue, or none (each card its own), each tile a work card laid out by it. */
export function LayoutCard({
  templateId,
  card,
  look,
  onChange,
  error,
}: {
  templateId: number | null;
  card: CardData;
  /** The look chosen above, so each tile shows the card as it will be. */
  look: { theme: Theme | null; custom: CustomTheme | null };
  onChange: (templateId: number | null) => void;
  error: string | undefined;
}) {
  const layouts = useTemplates();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('orgs-template.layout')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <Button
          variant={templateId === null ? 'primary' : 'outline'}
          aria-pressed={templateId === null}
          onClick={() => onChange(null)}
        >
          {t('orgs-template.layout_own')}
        </Button>
        {layouts.data ? (
          <ul className="grid gap-3 sm:grid-cols-2">
            {layouts.data.map((layout) => (
              <li key={layout.id}>
                <TemplateCard
                  template={layout}
                  card={inLook(card, { ...look, layout })}
                  selected={layout.id === templateId}
                  onSelect={() => onChange(layout.id)}
                />
              </li>
            ))}
          </ul>
        ) : (
          <Skeleton className="h-44 w-full" />
        )}
        <FieldError id="org-template-layout-error" message={error} />
      </CardContent>
    </Card>
  );
}
