import { appLanguage, words } from '@/lib/i18n';
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';

const t = words('app');
const ts = words('shell');
// A name inside a sentence: lower case, except where nouns keep theirs.
const inSentence = (label: string) => (appLanguage() === 'de' ? label : label.toLocaleLowerCase(appLanguage()));

/**
 * The running upload's percentage and its cancel button; once every byte is sent, 'Processing...'
 * while the server makes the photo's sizes (else '100 %' would stand for seconds).
 */
export function UploadProgress({
  label,
  cancelLabel,
  progress,
  onCancel,
}: {
  label: string;
  /** The cancel button's name, whole, in a screen's own words ('Cancel avatar upload'). */
  cancelLabel?: string;
  progress: number;
  onCancel: () => void;
}) {
  return (
    <div className="flex items-center gap-2 rounded-lg bg-white/95 px-3 py-2 text-sm text-slate-900 shadow dark:bg-slate-900/95 dark:text-slate-100">
      <div className="min-w-0 flex-1">
        <p aria-live="polite">
          {progress >= 100 ? (
            ts('shell.processing')
          ) : (
            <>
              {ts('shell.uploading')} <span className="tabular-nums">{progress}%</span>
            </>
          )}
        </p>
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="mt-1 h-1.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        >
          <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${progress}%` }} />
        </div>
      </div>
      <Button
        size="sm"
        variant="outline"
        onClick={onCancel}
        aria-label={cancelLabel ?? ts('shell.cancel_named', { label: inSentence(label) })}
      >
        <X className="h-4 w-4" aria-hidden />
        {t('app.cancel')}
      </Button>
    </div>
  );
}
