import { ImagePlus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Picture } from '@shared/picture';
import { ImagePickerButton } from '@/components/image-picker-button';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { UploadProgress } from '@/components/upload-progress';
import { BACKGROUND, useRemoveBackground } from '../api/background-image';
import { useBackgroundUpload } from '../hooks/use-background-upload';

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
 * 'Background Image' of the custom theme (issue 23): uploaded at once through the image pipeline,
 * shown in the preview as soon as it is stored; Save keeps the theme that uses it.
 */
export function BackgroundField({ value, uploaded, onChange }: Props) {
  const upload = useBackgroundUpload(onChange);
  const remove = useRemoveBackground();
  const isUpload = value !== null && value === uploaded;
  const src = upload.preview ?? value;

  const removeBackground = async () => {
    // A URL saved before uploads only leaves the draft; Save then keeps the theme without it.
    if (!isUpload) return onChange(null);
    try {
      await remove.mutateAsync();
      onChange(null);
      toast.success(BACKGROUND.removed);
    } catch {
      toast.error(BACKGROUND.removeFailed);
    }
  };

  return (
    <div className="sm:col-span-2" role="group" aria-labelledby="theme-background-image-label">
      <p id="theme-background-image-label" className="text-sm font-medium">
        Background Image (optional)
      </p>
      <div className="mt-1 flex min-w-0 items-center gap-3">
        <div className="h-16 w-16 shrink-0 overflow-hidden rounded-md border border-slate-200 bg-slate-100 dark:border-slate-700 dark:bg-slate-800">
          {upload.preview ? (
            <img src={upload.preview} alt="" className="h-full w-full object-cover" />
          ) : src && isUpload ? (
            <Picture url={src} kind="background" sizes="64px" alt="" className="h-full w-full object-cover" />
          ) : src ? (
            <img src={src} alt="" className="h-full w-full object-cover" />
          ) : null}
        </div>
        <div className="flex min-w-0 flex-wrap gap-2">
          <ImagePickerButton
            label="Background image file"
            disabled={upload.uploading}
            onFile={(file) => void upload.start(file)}
          >
            <ImagePlus className="h-4 w-4" aria-hidden />
            {value ? 'Change background' : 'Upload background'}
          </ImagePickerButton>
          {value && !upload.uploading && (
            <Button size="sm" variant="outline" onClick={() => void removeBackground()} disabled={remove.isPending}>
              <Trash2 className="h-4 w-4" aria-hidden />
              Remove background
            </Button>
          )}
        </div>
      </div>
      {upload.progress !== null && (
        <div className="mt-2">
          <UploadProgress label="Background upload" progress={upload.progress} onCancel={upload.cancel} />
        </div>
      )}
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {value && !isUpload
          ? `An image from ${hostOf(value)}. Upload your own to keep it with your card.`
          : 'JPG, PNG, GIF or WebP; large photos are made smaller before upload. It fills the page behind your card.'}
      </p>
      <FieldError id="theme-background-image-error" message={upload.error ?? undefined} />
    </div>
  );
}
