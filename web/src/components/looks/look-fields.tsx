import type { CSSProperties, ReactNode } from 'react';
import { inkOn, legibleOn, longHex, mix } from '@shared/colour';
import {
  BUTTON_SHAPES,
  BUTTON_STYLES,
  DEFAULT_BUTTON_SHAPE,
  DEFAULT_BUTTON_STYLE,
  DEFAULT_GRADIENT_DIRECTION,
  GRADIENT_DIRECTIONS,
  PATTERNS,
  type ButtonShape,
  type ButtonStyle,
} from '@shared/looks';
import type { CustomTheme } from '@shared/types';
import { Label } from '@/components/ui/label';
import { inputClass } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { words } from '@/lib/i18n';
import { ColourField } from './colour-field';

const t = words('looks');

type Props = { theme: CustomTheme; onChange: (patch: Partial<CustomTheme>) => void };

/**
 * One choice of several as radio buttons in a fieldset: the arrow keys move between them, as a
 * radio group does, and each is read with its group's name.
 */
function Choices<T extends string>({
  name,
  legend,
  choices,
  value,
  onChange,
  label,
  sample,
}: {
  name: string;
  legend: string;
  choices: readonly T[];
  value: T;
  onChange: (value: T) => void;
  label: (choice: T) => string;
  sample?: (choice: T) => ReactNode;
}) {
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label
            key={choice}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2',
              choice === value
                ? 'border-brand-600 bg-brand-50 font-medium text-brand-700 dark:bg-slate-800 dark:text-brand-100'
                : 'border-slate-300 hover:border-slate-400 dark:border-slate-700',
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice}
              checked={choice === value}
              onChange={() => onChange(choice)}
              className="sr-only"
            />
            {sample?.(choice)}
            {label(choice)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A small button drawn in the theme's colours, as the card draws the style and shape. */
function ButtonSample({ theme, style, shape }: { theme: CustomTheme; style: ButtonStyle; shape: ButtonShape }) {
  const background = longHex(theme.background_color) ?? '#ffffff';
  const accent = longHex(theme.accent_color) ?? '#000000';
  const text = longHex(theme.text_color) ?? '#000000';
  const looks: Record<ButtonStyle, CSSProperties> = {
    tint: { background: mix(background, accent, 0.1), border: `1px solid ${mix(background, accent, 0.35)}` },
    fill: { background: accent, border: `1px solid ${accent}`, color: inkOn(accent) },
    outline: { background, border: `2px solid ${legibleOn(accent, background)}` },
    soft_shadow: { background, boxShadow: `0 3px 6px -2px ${text}66`, border: `1px solid ${text}14` },
    hard_shadow: { background, border: `2px solid ${text}`, boxShadow: `2px 2px 0 ${text}` },
  };
  const radius = { square: '0', rounded: '0.3rem', pill: '999px' }[shape];
  return (
    <span aria-hidden className="inline-block h-4 w-8 shrink-0" style={{ ...looks[style], borderRadius: radius }} />
  );
}

/** Buttons, gradient and pattern of the custom theme (docs/product.md §4, Themes). */
export function LookFields({ theme, onChange }: Props) {
  const style = theme.button_style ?? DEFAULT_BUTTON_STYLE;
  const shape = theme.button_shape ?? DEFAULT_BUTTON_SHAPE;
  const gradient = theme.gradient_color ?? null;
  return (
    <>
      <Choices
        name="theme-button-style"
        legend={t('looks.button_style')}
        choices={BUTTON_STYLES}
        value={style}
        onChange={(button_style) => onChange({ button_style })}
        label={(choice) => t('looks.button_style_name', { style: choice })}
        sample={(choice) => <ButtonSample theme={theme} style={choice} shape={shape} />}
      />
      <Choices
        name="theme-button-shape"
        legend={t('looks.button_shape')}
        choices={BUTTON_SHAPES}
        value={shape}
        onChange={(button_shape) => onChange({ button_shape })}
        label={(choice) => t('looks.button_shape_name', { shape: choice })}
        sample={(choice) => <ButtonSample theme={theme} style={style} shape={choice} />}
      />
      <div className="space-y-3 sm:col-span-2">
        <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand-600"
            checked={gradient !== null}
            onChange={(event) =>
              onChange({
                gradient_color: event.target.checked
                  ? mix(longHex(theme.background_color) ?? '#ffffff', longHex(theme.accent_color) ?? '#000000', 0.3)
                  : null,
              })
            }
          />
          {t('looks.gradient')}
        </label>
        {gradient !== null && (
          <div className="grid gap-4 *:min-w-0 sm:grid-cols-2">
            <ColourField
              id="theme-gradient"
              label={t('looks.gradient_color')}
              value={gradient}
              onChange={(gradient_color) => onChange({ gradient_color })}
            />
            <div>
              <Label htmlFor="theme-gradient-direction">{t('looks.gradient_direction')}</Label>
              <select
                id="theme-gradient-direction"
                className={`${inputClass} mt-1 h-10`}
                value={theme.gradient_direction ?? DEFAULT_GRADIENT_DIRECTION}
                onChange={(event) =>
                  onChange({
                    gradient_direction: GRADIENT_DIRECTIONS.find((direction) => direction === event.target.value),
                  })
                }
              >
                {GRADIENT_DIRECTIONS.map((direction) => (
                  <option key={direction} value={direction}>
                    {t('looks.gradient_direction_name', { direction })}
                  </option>
                ))}
              </select>
            </div>
          </div>
        )}
      </div>
      <Choices
        name="theme-pattern"
        legend={t('looks.pattern')}
        choices={PATTERNS}
        value={theme.pattern ?? 'none'}
        onChange={(pattern) => onChange({ pattern })}
        label={(choice) => t('looks.pattern_name', { pattern: choice })}
      />
    </>
  );
}
