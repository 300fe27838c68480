import { ImageUp, Trash2 } from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import { toast } from '@/components/toast';
import { IMAGE_TYPES } from '@shared/constants';
import { derivativeUrl } from '@shared/media';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { words } from '@/lib/i18n';
import { backgroundWords, useRemoveBackground } from '../api/background-image';
import { loadUploadProgress, useBackgroundUpload } from '../hooks/use-background-upload';
import { ltr } from '../lib/legibility';

const t = words('looks');

const UploadProgress = lazy(() => loadUploadProgress().then((module) => ({ default: module.UploadProgress })));

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

type Props = {
  /** The background of the theme being edited: the upload's URL, a URL saved before uploads, or none. */
  value: string | null;
  /** The stored upload (`background_image_url`), if any. */
  uploaded: string | null;
  onChange: (url: string | null) => void;
};

/**
 * 'Background Image' of the custom theme (docs/product.md §2, Themes): uploaded at once through the image pipeline,
 * shown in the preview as soon as it is stored; Save keeps the theme that uses it.
 */
export function BackgroundField({ value, uploaded, onChange }: Props) {
  const upload = useBackgroundUpload(onChange);
  const remove = useRemoveBackground();
  const isUpload = value !== null && value === uploaded;
  // The smallest WebP of an upload (the thumbnail is 64 px); anything else as it is.
  const thumbnail = upload.preview ?? derivativeUrl(value, 'background', 64, 'webp');
  const input = useRef<HTMLInputElement>(null);

  const removeBackground = async () => {
    // A URL saved before uploads only leaves the draft; Save then keeps the theme without it.
    if (!isUpload) return onChange(null);
    try {
      await remove.mutateAsync();
      onChange(null);
      toast.success(backgroundWords().removed);
    } catch {
      toast.error(backgroundWords().removeFailed);
    }
  };

  return (
    <div className="sm:col-span-2" role="group" aria-labelledby="theme-background-image-label">
      <p id="theme-background-image-label" className="text-sm font-medium">
        {t('looks.bg_image')}
      </p>
      <div className="mt-1 flex min-w-0 items-center gap-3">
        <div className="h-16 w-16 shrink-0 overflow-hidden rounded-md border border-slate-200 bg-slate-100 dark:border-slate-700 dark:bg-slate-800">
          {thumbnail ? <img src={thumbnail} alt="" className="h-full w-full object-cover" /> : null}
        </div>
        <div className="flex min-w-0 flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className="hidden"
            aria-label={t('looks.bg_file')}
            tabIndex={-1}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Cleared so choosing the same file again still fires a change.
              event.target.value = '';
              if (file) void upload.start(file);
            }}
          />
          <Button size="sm" variant="secondary" disabled={upload.uploading} onClick={() => input.current?.click()}>
            <ImageUp className="h-4 w-4" aria-hidden />
            {value ? t('looks.bg_change') : t('looks.bg_upload')}
          </Button>
          {value && !upload.uploading && (
            <Button size="sm" variant="outline" onClick={() => void removeBackground()} disabled={remove.isPending}>
              <Trash2 className="h-4 w-4" aria-hidden />
              {t('looks.bg_remove')}
            </Button>
          )}
        </div>
      </div>
      {upload.progress !== null && (
        <div className="mt-2">
          <Suspense fallback={<p className="text-sm">{t('looks.bg_uploading')}</p>}>
            <UploadProgress
              label={t('looks.bg_progress')}
              progress={upload.progress}
              preparing={upload.preparing}
              onCancel={upload.cancel}
            />
          </Suspense>
        </div>
      )}
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {value && !isUpload ? t('looks.bg_from', { host: ltr(hostOf(value)) }) : t('looks.bg_hint')}
      </p>
      <FieldError id="theme-background-image-error" message={upload.error ?? undefined} />
    </div>
  );
}
