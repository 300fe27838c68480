import { useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Dialog, DialogContent } from '@/components/ui/lazy-dialog';
import { words } from '@/lib/i18n';

const t = words('orgs-template');

/**
 * What the template chose (a look, a layout) in one line, and a Change button that opens the
 * gallery of choices in a dialog over the form, as the phone's preview opens (components/
 * preview-layout.tsx): the form stays mounted underneath, so nothing typed is lost, and the
 * screen is not the length of every tile. The dialog opens on the chosen tile; choosing one
 * closes it and gives the focus back to Change.
 */
export function ChoiceSummary({
  id,
  value,
  detail,
  changeLabel,
  title,
  description,
  error,
  children,
}: {
  id: string;
  /** The choice's name. */
  value: ReactNode;
  /** Beside the name: the colours or the layout's description. */
  detail?: ReactNode;
  /** The Change button's name, which says what it changes. */
  changeLabel: string;
  title: string;
  description: string;
  /** The API's refusal of the choice, shown here, where the choice is. */
  error: string | undefined;
  /** The gallery; `close` after a choice. */
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const gallery = useRef<HTMLDivElement>(null);
  const errorId = `${id}-error`;
  return (
    <div>
      <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
        <div className="min-w-0">
          <div id={`${id}-value`} className="font-medium" dir="auto">
            {value}
          </div>
          {detail}
        </div>
        <Button
          variant="outline"
          aria-label={changeLabel}
          aria-haspopup="dialog"
          aria-describedby={error ? `${id}-value ${errorId}` : `${id}-value`}
          onClick={() => setOpen(true)}
        >
          {t('orgs-template.change')}
        </Button>
      </div>
      <FieldError id={errorId} message={error} />
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title={title}
          description={description}
          className="sm:max-w-3xl"
          onOpenAutoFocus={(event) => {
            // On the chosen tile, brought into view, rather than the first of the gallery.
            const chosen = gallery.current?.querySelector<HTMLElement>('[aria-pressed="true"]');
            if (!chosen) return;
            event.preventDefault();
            chosen.focus();
          }}
        >
          <div ref={gallery} className="-mx-1 max-h-[calc(100dvh-12rem)] overflow-y-auto px-1 py-1">
            {children(() => setOpen(false))}
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** A look's three colours as small dots beside its name. */
export function Swatches({ colours }: { colours: string[] }) {
  return (
    <span className="mt-1 flex gap-1" aria-hidden>
      {colours.map((colour, index) => (
        <span
          key={index}
          className="h-4 w-4 rounded-full border border-slate-300 dark:border-slate-600"
          style={{ backgroundColor: colour }}
        />
      ))}
    </span>
  );
}
