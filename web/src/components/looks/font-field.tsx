import { FONT_FAMILIES } from '@shared/constants';
import { inputClass } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { words } from '@/lib/i18n';
import { fontName } from '@/lib/colour';

const t = words('looks');

type Props = { id: string; value: string; invalid?: boolean; onChange: (font: string) => void };

/** The card's font, one of the fonts every card can draw (the Themes and Template screens). */
export function FontField({ id, value, invalid = false, onChange }: Props) {
  return (
    <div>
      <Label htmlFor={id}>{t('looks.font_family')}</Label>
      <select
        id={id}
        className={`${inputClass} mt-1 h-10`}
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {FONT_FAMILIES.map((font) => (
          <option key={font} value={font}>
            {fontName(font)}
          </option>
        ))}
      </select>
    </div>
  );
}
