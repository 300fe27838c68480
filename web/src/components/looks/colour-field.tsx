import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { words } from '@/lib/i18n';
import { colourOnBlur, toPickerValue } from '@/lib/colour';

const t = words('looks');

type Props = { id: string; label: string; value: string; onChange: (value: string) => void };

/** A colour as a picker plus a hex text box that follows the blur rule of docs/product.md §5. */
export function ColourField({ id, label, value, onChange }: Props) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <div className="mt-1 flex items-center gap-2">
        <input
          type="color"
          aria-label={t('looks.colour_picker', { label })}
          value={toPickerValue(value)}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-1 dark:border-slate-700 dark:bg-slate-900"
        />
        {/* Keyed by the committed value: a new value from the picker or a reset replaces the draft. */}
        <HexInput key={value} id={id} value={value} onCommit={onChange} />
      </div>
    </div>
  );
}

function HexInput({ id, value, onCommit }: { id: string; value: string; onCommit: (value: string) => void }) {
  const [draft, setDraft] = useState(value);
  return (
    <Input
      id={id}
      value={draft}
      dir="ltr"
      spellCheck={false}
      autoCapitalize="none"
      maxLength={7}
      className="font-mono uppercase"
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => {
        const next = colourOnBlur(draft, value);
        setDraft(next);
        if (next !== value) onCommit(next);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
      }}
    />
  );
}
