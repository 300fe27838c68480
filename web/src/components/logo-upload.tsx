import type { ReactNode } from 'react';
import { ImagePlus, Trash2 } from 'lucide-react';
import { IMAGE_SHAPES } from '@shared/media';
import { Picture } from '@shared/picture';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { ImagePickerButton } from '@/components/image-picker-button';
import { LazyUploadProgress } from '@/components/lazy-upload-progress';
import { words } from '@/lib/i18n';

// The company logo's box, a card's own (Profile) or its organisation's (the Template screen): its
// words are the uploads' area, which each screen loads with the chunk that draws this.
const t = words('uploads');
const { width, height } = IMAGE_SHAPES.logo.drawn;

export type LogoUploadState = {
  preview: string | null;
  progress: number | null;
  preparing: boolean;
  error: string | null;
};

/**
 * The logo drawn as the card draws it, in its 2:1 box on white, with the upload's progress, its
 * steps and cancel, Upload or Change, and Remove; `locked` (a note saying who set it) shows the
 * logo alone, with no control.
 */
export function LogoUpload({
  id,
  stored,
  upload,
  hint,
  onFile,
  onCancel,
  onRemove,
  removing,
  locked,
}: {
  id: string;
  stored: string | null;
  upload: LogoUploadState;
  hint: string;
  onFile: (file: File) => void;
  onCancel: () => void;
  onRemove: () => void;
  removing: boolean;
  locked?: ReactNode;
}) {
  const src = upload.preview ?? stored;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-center dark:border-slate-700"
    >
      <div
        className="flex shrink-0 items-center justify-center overflow-hidden rounded-lg bg-white ring-1 ring-slate-200 dark:ring-slate-600"
        style={{ width, height }}
      >
        {/* Without a logo the empty white box shows where it will be, as the card draws it. */}
        {src ? (
          upload.preview ? (
            <img
              src={src}
              alt={t('uploads.logo_alt')}
              width={width}
              height={height}
              className="h-full w-full object-contain"
            />
          ) : (
            <Picture url={src} kind="logo" alt={t('uploads.logo_alt')} className="h-full w-full object-contain" />
          )
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div>
          <h2 id={`${id}-title`} className="text-sm font-semibold text-slate-900 dark:text-slate-100">
            {t('uploads.logo_title')}
          </h2>
          <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
            {hint}
          </p>
          {locked}
        </div>
        {locked ? null : upload.progress !== null ? (
          <LazyUploadProgress
            label={t('uploads.logo_title')}
            cancelLabel={t('uploads.logo_cancel')}
            progress={upload.progress}
            preparing={upload.preparing}
            onCancel={onCancel}
          />
        ) : (
          <div className="flex flex-wrap gap-2">
            <ImagePickerButton label={t('uploads.logo_file')} onFile={onFile}>
              <ImagePlus className="h-4 w-4" aria-hidden />
              {stored ? t('uploads.logo_change') : t('uploads.logo_upload')}
            </ImagePickerButton>
            {stored && (
              <Button size="sm" variant="outline" onClick={onRemove} disabled={removing}>
                <Trash2 className="h-4 w-4" aria-hidden />
                {t('uploads.logo_remove')}
              </Button>
            )}
          </div>
        )}
        <FieldError id={`${id}-error`} message={upload.error ?? undefined} />
      </div>
    </section>
  );
}
