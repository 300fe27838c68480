import { OVERLAY_MAX } from '@shared/constants';
import { Label } from '@/components/ui/label';
import { intlLocale, words } from '@/lib/i18n';

const t = words('looks');

type Props = {
  /** The owner's overlay, in percent. */
  value: number;
  /** What the card draws (shared/backdrop.ts): the owner's, or more where the text needs it. */
  drawn: number;
  onChange: (percent: number) => void;
};

const percent = (value: number) => new Intl.NumberFormat(intlLocale(), { style: 'percent' }).format(value / 100);

/**
 * 'Image overlay' (docs/product.md §2, Background image): how much of the background colour lies
 * over the image, live in the preview. When the card needs more for its text to read, it says so.
 */
export function OverlayField({ value, drawn, onChange }: Props) {
  return (
    <div className="sm:col-span-2">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor="theme-overlay">{t('looks.overlay')}</Label>
        <output htmlFor="theme-overlay" className="text-sm tabular-nums">
          {percent(value)}
        </output>
      </div>
      <input
        id="theme-overlay"
        type="range"
        min={0}
        max={OVERLAY_MAX}
        step={5}
        value={value}
        aria-describedby="theme-overlay-hint"
        aria-valuetext={percent(value)}
        className="mt-2 h-11 w-full cursor-pointer accent-slate-900 dark:accent-slate-100"
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <p id="theme-overlay-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
        {drawn > value ? t('looks.overlay_raised', { percent: percent(drawn) }) : t('looks.overlay_hint')}
      </p>
    </div>
  );
}
