import { ImagePlus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { IMAGE_SHAPES } from '@shared/media';
import { Picture } from '@shared/picture';
import type { User } from '@shared/types';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { ImagePickerButton } from '@/components/image-picker-button';
import { LazyUploadProgress } from '@/components/lazy-upload-progress';
import { words } from '@/lib/i18n';
import { useRemoveImage } from '../api/profile-images';
import { useImageUpload } from '../hooks/use-image-upload';
import { imageMessage, setLogoMessages, type ImageMessage } from '../lib/image-rules';

// Its words are the uploads' area, loaded with this chunk (profile-screen.tsx), not the screen's.
const t = words('uploads');
const tp = words('profile');
const MESSAGES: Record<ImageMessage, () => string> = {
  tooLarge: () => t('uploads.logo_too_large'),
  wrongType: () => t('uploads.logo_wrong_type'),
  uploaded: () => t('uploads.logo_uploaded'),
  uploadFailed: () => t('uploads.logo_upload_failed'),
  canceled: () => tp('profile.upload_canceled'),
  removed: () => t('uploads.logo_removed'),
  removeFailed: () => t('uploads.logo_remove_failed'),
  // A logo is fitted whole, never cropped: nothing to adjust.
  adjusted: () => t('uploads.logo_uploaded'),
  adjustFailed: () => t('uploads.logo_upload_failed'),
};
setLogoMessages((message) => MESSAGES[message]());
const { width, height } = IMAGE_SHAPES.logo.drawn;

/**
 * The company logo (docs/product.md §5, Profile): uploaded on choice with the cover's progress,
 * steps and cancel, or removed. Drawn as the card draws it, in its 2:1 box on white.
 */
export function LogoField({ user }: { user: User }) {
  const upload = useImageUpload('logo');
  const remove = useRemoveImage('logo');
  const stored = user.logo_url;
  const src = upload.preview ?? stored;

  const removeLogo = async () => {
    try {
      await remove.mutateAsync();
      toast.success(imageMessage('logo', 'removed'));
    } catch {
      toast.error(imageMessage('logo', 'removeFailed'));
    }
  };

  return (
    <section
      aria-labelledby="logo-title"
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
          <h2 id="logo-title" className="text-sm font-semibold text-slate-900 dark:text-slate-100">
            {t('uploads.logo_title')}
          </h2>
          <p id="logo-hint" className="text-sm text-slate-600 dark:text-slate-400">
            {t('uploads.logo_hint')}
          </p>
        </div>
        {upload.progress !== null ? (
          <LazyUploadProgress
            label={t('uploads.logo_title')}
            cancelLabel={t('uploads.logo_cancel')}
            progress={upload.progress}
            preparing={upload.preparing}
            onCancel={upload.cancel}
          />
        ) : (
          <div className="flex flex-wrap gap-2">
            <ImagePickerButton label={t('uploads.logo_file')} onFile={(file) => void upload.start(file)}>
              <ImagePlus className="h-4 w-4" aria-hidden />
              {stored ? t('uploads.logo_change') : t('uploads.logo_upload')}
            </ImagePickerButton>
            {stored && (
              <Button size="sm" variant="outline" onClick={() => void removeLogo()} disabled={remove.isPending}>
                <Trash2 className="h-4 w-4" aria-hidden />
                {t('uploads.logo_remove')}
              </Button>
            )}
          </div>
        )}
        <FieldError id="logo-error" message={upload.error ?? undefined} />
      </div>
    </section>
  );
}
