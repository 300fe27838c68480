import { words } from '@/lib/i18n';
import { fontName } from '@/lib/colour';

const t = words('looks');

type Colours = { background_color: string; text_color: string; accent_color: string; font_family: string };

/** Background, text and accent swatches with the font family, as the Current Theme banner shows. */
export function ThemeSwatches({ theme }: { theme: Colours }) {
  const swatches = [
    { label: t('looks.background'), colour: theme.background_color },
    { label: t('looks.text'), colour: theme.text_color },
    { label: t('looks.accent'), colour: theme.accent_color },
  ];
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      {swatches.map((swatch) => (
        <li key={swatch.label} className="flex items-center gap-1.5">
          <span
            className="h-5 w-5 rounded-full border border-slate-300 dark:border-slate-600"
            style={{ backgroundColor: swatch.colour }}
            aria-hidden
          />
          <span>
            {swatch.label}{' '}
            <span dir="ltr" className="font-mono text-xs uppercase text-slate-500 dark:text-slate-400">
              {swatch.colour}
            </span>
          </span>
        </li>
      ))}
      <li>
        {t('looks.font')} <span style={{ fontFamily: theme.font_family }}>{fontName(theme.font_family)}</span>
      </li>
    </ul>
  );
}
