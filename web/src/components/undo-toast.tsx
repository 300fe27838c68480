import { words } from '@/lib/i18n';
import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/toast';

const t = words('app');
const ts = words('shell');

/** How long an Undo toast stays at the least (decision 74: long enough to read and reach). */
export const UNDO_MS = 10_000;

type Props = { id: string | number; message: string; onUndo: () => void; duration: number };

/**
 * A toast that offers Undo. It keeps its own time, held while the pointer is over it or the focus
 * is in it (sonner holds a toast on hover only, and a keyboard user tabbing to Undo must not see it
 * vanish), and it is dismissed by its close button, inside its corner.
 */
function UndoToast({ id, message, onUndo, duration }: Props) {
  const [held, setHeld] = useState({ hover: false, focus: false });
  const left = useRef(duration);
  useEffect(() => {
    if (held.hover || held.focus) return;
    const started = Date.now();
    const timer = setTimeout(() => toast.dismiss(id), left.current);
    return () => {
      clearTimeout(timer);
      left.current -= Date.now() - started;
    };
  }, [held.hover, held.focus, id]);
  return (
    <div
      role="status"
      className="flex w-full items-center gap-3 rounded-lg border border-emerald-200 bg-emerald-50 py-3 pl-4 pr-2 text-sm text-emerald-900 shadow-lg sm:w-[var(--width)] dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
      onMouseEnter={() => setHeld((h) => ({ ...h, hover: true }))}
      onMouseLeave={() => setHeld((h) => ({ ...h, hover: false }))}
      onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld((h) => ({ ...h, focus: false }));
      }}
    >
      <p className="min-w-0 flex-1 font-medium">{message}</p>
      <button
        type="button"
        className="rounded-md bg-emerald-900 px-3 py-1.5 text-xs font-semibold text-white hover:bg-emerald-800 dark:bg-emerald-100 dark:text-emerald-950"
        onClick={() => {
          toast.dismiss(id);
          onUndo();
        }}
      >
        {ts('shell.undo')}
      </button>
      <button
        type="button"
        aria-label={t('app.close')}
        className="inline-flex h-8 w-8 items-center justify-center rounded-md hover:bg-emerald-100 dark:hover:bg-emerald-900"
        onClick={() => toast.dismiss(id)}
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
    </div>
  );
}

/** Shows `message` with Undo for UNDO_MS (or longer while held), in place of the toast `id` if given. */
export function undoToast(
  message: string,
  onUndo: () => void,
  options: { id?: string | number; duration?: number } = {},
) {
  const duration = Math.max(options.duration ?? UNDO_MS, UNDO_MS);
  return toast.custom((id) => <UndoToast id={id} message={message} onUndo={onUndo} duration={duration} />, {
    id: options.id,
    // The toast keeps its own time (above).
    duration: Infinity,
  });
}
