import { appLanguage, words } from '@/lib/i18n';
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

const t = words('app');
const ts = words('shell');
// Fetched with this module (lazy-upload-progress.tsx): no screen's first load carries them.
const tu = words('uploads');
// A name inside a sentence: lower case, except where nouns keep theirs.
const inSentence = (label: string) => (appLanguage() === 'de' ? label : label.toLocaleLowerCase(appLanguage()));

/**
 * The running upload's step and its cancel button: 'Preparing the image...' while the browser
 * makes a large photo smaller, then the percentage sent, then, once every byte is sent, 'Making
 * the sizes for your card...' while the server does (else '100 %' would stand for seconds).
 */
export function UploadProgress({
  label,
  cancelLabel,
  progress,
  preparing = false,
  onCancel,
}: {
  label: string;
  /** The cancel button's name, whole, in a screen's own words ('Cancel avatar upload'). */
  cancelLabel?: string;
  progress: number;
  /** Nothing is sent yet: the photo is being made smaller in the browser. */
  preparing?: boolean;
  onCancel: () => void;
}) {
  const processing = !preparing && progress >= 100;
  const step = preparing ? tu('uploads.preparing') : processing ? tu('uploads.resizing') : null;
  return (
    <div className="flex items-center gap-2 rounded-lg bg-white/95 px-3 py-2 text-sm text-slate-900 shadow dark:bg-slate-900/95 dark:text-slate-100">
      <div className="min-w-0 flex-1">
        <p aria-live="polite">
          {step ?? (
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
          // While preparing nothing is measured: no value, a bar that moves instead.
          aria-valuenow={preparing ? undefined : progress}
          aria-valuetext={step ?? undefined}
          className="mt-1 h-1.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        >
          <div
            className={cn(
              'h-full bg-brand-600 transition-[width]',
              (preparing || processing) && 'animate-pulse motion-reduce:animate-none',
            )}
            style={{ width: preparing ? '100%' : `${progress}%` }}
          />
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
