import type { CardData } from '@shared/card/card-view';
import type { CustomTheme, Theme } from '@shared/types';
import { GalleryPreview } from '@/components/gallery-preview';
import { ColourField } from '@/components/looks/colour-field';
import { FontField } from '@/components/looks/font-field';
import { LookFields } from '@/components/looks/look-fields';
import { OverlayField } from '@/components/looks/overlay-field';
import { CustomThemeCard, PresetCard } from '@/components/looks/theme-option-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Skeleton } from '@/components/ui/skeleton';
import { customFromPreset, fontName } from '@/lib/colour';
import { words } from '@/lib/i18n';
import { useThemes } from '@/lib/themes-query';
import { TemplateBackgroundField } from './background-field';
import { ChoiceSummary, Swatches } from './choice-summary';
import { inLook } from './sample-card';

const t = words('orgs-template');
const l = words('looks');

export type Look = { themeId: number | null; custom: CustomTheme | null };

/**
 * The cards' theme: none (each card its own), a preset of the catalogue, or the organisation's own
 * colours, font, buttons and background. The choice shows in one line; Change opens the gallery,
 * each tile a work card in it, as the Themes screen draws them; the own colours are edited here.
 */
export function LookCard({
  orgId,
  look,
  card,
  onChange,
  errorOf,
  customErrors,
}: {
  orgId: string;
  look: Look;
  card: CardData;
  onChange: (look: Look) => void;
  errorOf: (key: string) => string | undefined;
  /** The API's messages for `custom_theme.*` other than the background's. */
  customErrors: [string, string][];
}) {
  const themes = useThemes();
  const { themeId, custom } = look;
  const selected = themes.data?.find((theme) => theme.id === themeId);
  const edit = (patch: Partial<CustomTheme>) => custom && onChange({ themeId, custom: { ...custom, ...patch } });
  const choosePreset = (theme: Theme) => onChange({ themeId: theme.id, custom: null });
  // Chosen again, the organisation's colours stay as they are.
  const chooseCustom = () => {
    if (!custom) onChange({ themeId, custom: customFromPreset(selected) });
  };
  const own = themeId === null && custom === null;
  const shown = custom ?? selected;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('orgs-template.look')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <ChoiceSummary
          id="org-template-look"
          value={
            custom ? (
              t('orgs-template.look_custom')
            ) : own ? (
              t('orgs-template.look_own')
            ) : themes.data ? (
              selected?.name
            ) : (
              <Skeleton className="h-5 w-24" />
            )
          }
          detail={
            shown ? (
              <span className="flex items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
                <Swatches colours={[shown.background_color, shown.text_color, shown.accent_color]} />
                <span className="mt-1">{fontName(shown.font_family)}</span>
              </span>
            ) : null
          }
          changeLabel={t('orgs-template.change_look')}
          title={t('orgs-template.choose_look')}
          description={t('orgs-template.look_hint')}
          error={errorOf('theme_id')}
        >
          {(close) => (
            <div className="space-y-4">
              <Button
                variant={own ? 'primary' : 'outline'}
                aria-pressed={own}
                onClick={() => {
                  onChange({ themeId: null, custom: null });
                  close();
                }}
              >
                {t('orgs-template.look_own')}
              </Button>
              {themes.data ? (
                <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={l('looks.select_theme')}>
                  {themes.data.map((theme) => (
                    <li key={theme.id}>
                      <PresetCard
                        theme={theme}
                        card={inLook(card, { theme })}
                        active={!custom && theme.id === themeId}
                        onSelect={() => {
                          choosePreset(theme);
                          close();
                        }}
                      />
                    </li>
                  ))}
                  <li>
                    <CustomThemeCard
                      active={custom !== null}
                      onToggle={() => {
                        chooseCustom();
                        close();
                      }}
                    />
                  </li>
                </ul>
              ) : (
                <Skeleton className="h-44 w-full" />
              )}
            </div>
          )}
        </ChoiceSummary>
        {custom ? (
          <div className="grid gap-4 *:min-w-0 sm:grid-cols-2">
            <ColourField
              id="org-template-background"
              label={t('orgs-template.background')}
              value={custom.background_color}
              onChange={(background_color) => edit({ background_color })}
            />
            <ColourField
              id="org-template-text"
              label={t('orgs-template.text')}
              value={custom.text_color}
              onChange={(text_color) => edit({ text_color })}
            />
            <ColourField
              id="org-template-accent"
              label={t('orgs-template.accent')}
              value={custom.accent_color}
              onChange={(accent_color) => edit({ accent_color })}
            />
            <FontField
              id="org-template-font"
              value={custom.font_family}
              invalid={!!errorOf('custom_theme.font_family')}
              onChange={(font_family) => edit({ font_family })}
            />
            <LookFields theme={custom} onChange={edit} />
            <TemplateBackgroundField
              orgId={orgId}
              value={custom.background_image ?? null}
              error={errorOf('custom_theme.background_image')}
              onChange={(background_image) => edit({ background_image })}
            />
            {custom.background_image ? (
              <OverlayField
                value={custom.background_overlay ?? 0}
                drawn={custom.background_overlay ?? 0}
                onChange={(background_overlay) => edit({ background_overlay })}
              />
            ) : null}
            {customErrors.map(([key, message]) => (
              <FieldError key={key} id={`org-template-${key}-error`} message={message} />
            ))}
            <div className="sm:col-span-2">
              <p className="mb-2 text-sm font-medium">{t('orgs-template.preview')}</p>
              <GalleryPreview
                card={inLook(card, { theme: selected ?? null, custom })}
                layout="phone"
                className="h-64 w-full max-w-xs overflow-hidden rounded-xl border border-slate-200 dark:border-slate-700"
              />
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
