import type { CardData } from '@shared/card/card-view';
import type { CustomTheme, Theme } from '@shared/types';
import { TemplateCard } from '@/components/looks/template-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { words } from '@/lib/i18n';
import { useTemplates } from '@/lib/templates-query';
import { ChoiceSummary } from './choice-summary';
import { inLook } from './sample-card';

const t = words('orgs-template');

/**
 * The cards' layout from the catalogue, or none (each card its own): the choice in one line, and
 * Change opens the gallery, each tile a work card laid out by it.
 */
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
  const chosen = layouts.data?.find((layout) => layout.id === templateId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('orgs-template.layout')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ChoiceSummary
          id="org-template-layout"
          value={
            templateId === null ? (
              t('orgs-template.layout_own')
            ) : layouts.data ? (
              chosen?.name
            ) : (
              <Skeleton className="h-5 w-24" />
            )
          }
          detail={
            chosen ? (
              <p className="mt-0.5 line-clamp-2 text-xs text-slate-500 dark:text-slate-400" dir="auto">
                {chosen.description}
              </p>
            ) : null
          }
          changeLabel={t('orgs-template.change_layout')}
          title={t('orgs-template.choose_layout')}
          description={t('orgs-template.layout_hint')}
          error={error}
        >
          {(close) => (
            <div className="space-y-4">
              <Button
                variant={templateId === null ? 'primary' : 'outline'}
                aria-pressed={templateId === null}
                onClick={() => {
                  onChange(null);
                  close();
                }}
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
                        onSelect={() => {
                          onChange(layout.id);
                          close();
                        }}
                      />
                    </li>
                  ))}
                </ul>
              ) : (
                <Skeleton className="h-44 w-full" />
              )}
            </div>
          )}
        </ChoiceSummary>
      </CardContent>
    </Card>
  );
}
