import { Palette, RotateCcw } from 'lucide-react';
import { FONT_FAMILIES } from '@shared/constants';
import type { CardData } from '@shared/card/card-view';
import type { CustomTheme } from '@shared/types';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, inputClass } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { fontName } from '../lib/colour';
import { ColourField } from './colour-field';
import { ThemePreview } from './theme-preview';
import { ThemeSwatches } from './theme-swatches';

type Props = {
  /** What the preview shows: the custom values, or the selected preset's. */
  preview: CustomTheme;
  custom: CustomTheme | null;
  onChange: (patch: Partial<CustomTheme>) => void;
  canReset: boolean;
  onReset: () => void;
  /** The owner's card in the theme being edited, for the preview. */
  card: CardData;
  /** Turns custom mode on, as the Custom Theme card does. */
  onEnableCustom: () => void;
};

/** 'Customize Theme': the custom values (in custom mode) and the live preview; Save is the screen's bar. */
export function CustomizePanel({ preview, custom, onChange, canReset, onReset, card, onEnableCustom }: Props) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Customize Theme</CardTitle>
        <CardDescription>
          {custom
            ? 'Pick your colours and font; the preview follows.'
            : 'Turn on Custom Theme to personalize colours and font.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 *:min-w-0 lg:grid-cols-2">
        <div className="space-y-4">
          {!custom && (
            <div className="space-y-4 text-sm">
              <ThemeSwatches theme={preview} />
              <Button variant="outline" onClick={onEnableCustom}>
                <Palette className="h-4 w-4" aria-hidden />
                Personalize colours and font
              </Button>
            </div>
          )}
          {custom && (
            <>
              <ColourField
                id="theme-background"
                label="Background Color"
                value={custom.background_color}
                onChange={(background_color) => onChange({ background_color })}
              />
              <ColourField
                id="theme-text"
                label="Text Color"
                value={custom.text_color}
                onChange={(text_color) => onChange({ text_color })}
              />
              <ColourField
                id="theme-accent"
                label="Accent Color"
                value={custom.accent_color}
                onChange={(accent_color) => onChange({ accent_color })}
              />
              <div>
                <Label htmlFor="theme-font">Font Family</Label>
                <select
                  id="theme-font"
                  className={`${inputClass} mt-1 h-10`}
                  value={custom.font_family}
                  onChange={(event) => onChange({ font_family: event.target.value })}
                >
                  {FONT_FAMILIES.map((font) => (
                    <option key={font} value={font}>
                      {fontName(font)}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <Label htmlFor="theme-background-image">Background Image URL (optional)</Label>
                <Input
                  id="theme-background-image"
                  className="mt-1"
                  type="url"
                  placeholder="https://example.com/background.jpg"
                  value={custom.background_image ?? ''}
                  onChange={(event) => onChange({ background_image: event.target.value || null })}
                />
              </div>
              <Button variant="outline" onClick={onReset} disabled={!canReset}>
                <RotateCcw className="h-4 w-4" aria-hidden />
                Reset to Selected
              </Button>
            </>
          )}
        </div>
        <div className="flex flex-col gap-4">
          <ThemePreview card={card} />
        </div>
      </CardContent>
    </Card>
  );
}
