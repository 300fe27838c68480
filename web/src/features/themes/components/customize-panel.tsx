import { Palette, RotateCcw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { CustomTheme } from '@shared/types';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { words } from '@/lib/i18n';
import { illegibleMessage, ltr, type Legibility } from '../lib/legibility';
import { BackgroundField } from './background-field';
import { ColourField } from '@/components/looks/colour-field';
import { OverlayField } from '@/components/looks/overlay-field';
import { FontField } from '@/components/looks/font-field';
import { LookFields } from '@/components/looks/look-fields';
import { ThemeSwatches } from './theme-swatches';

const t = words('looks');

type Props = {
  /** What the preview shows: the custom values, or the selected preset's. */
  preview: CustomTheme;
  custom: CustomTheme | null;
  onChange: (patch: Partial<CustomTheme>) => void;
  canReset: boolean;
  onReset: () => void;
  /** Set when the text cannot be read on the background: Save is refused, a colour suggested. */
  illegible: Legibility | null;
  /** Turns custom mode on, as the Custom Theme card does. */
  onEnableCustom: () => void;
  /** The stored background upload (`background_image_url`), if any. */
  uploadedBackground: string | null;
  /** The overlay the card draws over the background image, in percent (shared/backdrop.ts). */
  drawnOverlay: number;
};

/** 'Customize Theme': the custom values (in custom mode); the preview is the screen's, Save its bar. */
export function CustomizePanel({
  preview,
  custom,
  onChange,
  canReset,
  onReset,
  illegible,
  onEnableCustom,
  uploadedBackground,
  drawnOverlay,
}: Props) {
  const panel = useRef<HTMLDivElement>(null);
  // 'Personalize colours and font' replaces itself with the fields: the panel is brought into view
  // and focus moves to its first field, so neither the eye nor the keyboard is left on a button
  // that is gone (on a phone the fields open below the fold).
  const revealing = useRef(false);
  useEffect(() => {
    if (!revealing.current || !custom) return;
    revealing.current = false;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
    panel.current?.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
    document.getElementById('theme-background')?.focus({ preventScroll: true });
  }, [custom]);
  return (
    // Clear of the phone's sticky header when scrolled to.
    <Card ref={panel} className="scroll-mt-20">
      <CardHeader>
        <CardTitle>{t('looks.customize')}</CardTitle>
        <CardDescription>{custom ? t('looks.customize_on') : t('looks.customize_off')}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="grid gap-4 *:min-w-0 sm:grid-cols-2">
          {!custom && (
            <div className="space-y-4 text-sm sm:col-span-2">
              <ThemeSwatches theme={preview} />
              <Button
                variant="outline"
                onClick={() => {
                  revealing.current = true;
                  onEnableCustom();
                }}
              >
                <Palette className="h-4 w-4" aria-hidden />
                {t('looks.personalize')}
              </Button>
            </div>
          )}
          {custom && (
            <>
              <ColourField
                id="theme-background"
                label={t('looks.background_color')}
                value={custom.background_color}
                onChange={(background_color) => onChange({ background_color })}
              />
              <ColourField
                id="theme-text"
                label={t('looks.text_color')}
                value={custom.text_color}
                onChange={(text_color) => onChange({ text_color })}
              />
              {illegible ? (
                <div
                  role="alert"
                  className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:col-span-2 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
                >
                  <p>{illegibleMessage(illegible)}</p>
                  <Button
                    size="sm"
                    variant="outline"
                    className="mt-2"
                    onClick={() => onChange({ text_color: illegible.suggestion })}
                  >
                    {t('looks.use_colour', { colour: ltr(illegible.suggestion.toUpperCase()) })}
                  </Button>
                </div>
              ) : null}
              <ColourField
                id="theme-accent"
                label={t('looks.accent_color')}
                value={custom.accent_color}
                onChange={(accent_color) => onChange({ accent_color })}
              />
              <FontField
                id="theme-font"
                value={custom.font_family}
                onChange={(font_family) => onChange({ font_family })}
              />
              <LookFields theme={custom} onChange={onChange} />
              <BackgroundField
                value={custom.background_image ?? null}
                uploaded={uploadedBackground}
                onChange={(background_image) => onChange({ background_image })}
              />
              {custom.background_image ? (
                <OverlayField
                  value={custom.background_overlay ?? 0}
                  drawn={drawnOverlay}
                  onChange={(background_overlay) => onChange({ background_overlay })}
                />
              ) : null}
              <Button variant="outline" onClick={onReset} disabled={!canReset}>
                <RotateCcw className="h-4 w-4" aria-hidden />
                {t('looks.reset')}
              </Button>
            </>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
