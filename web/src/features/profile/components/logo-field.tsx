import { Building2, ImagePlus, Trash2 } from 'lucide-react';
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
import { imageMessage } from '../lib/image-rules';

const t = words('profile');
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
        {src ? (
          upload.preview ? (
            <img
              src={src}
              alt={t('profile.logo_alt')}
              width={width}
              height={height}
              className="h-full w-full object-contain"
            />
          ) : (
            <Picture url={src} kind="logo" alt={t('profile.logo_alt')} className="h-full w-full object-contain" />
          )
        ) : (
          <Building2 className="h-6 w-6 text-slate-400" aria-label={t('profile.logo_none')} role="img" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div>
          <h2 id="logo-title" className="text-sm font-semibold text-slate-900 dark:text-slate-100">
            {t('profile.logo_title')}
          </h2>
          <p id="logo-hint" className="text-sm text-slate-600 dark:text-slate-400">
            {t('profile.logo_hint')}
          </p>
        </div>
        {upload.progress !== null ? (
          <LazyUploadProgress
            label={t('profile.logo_upload')}
            cancelLabel={t('profile.cancel_logo_upload')}
            progress={upload.progress}
            preparing={upload.preparing}
            onCancel={upload.cancel}
          />
        ) : (
          <div className="flex flex-wrap gap-2">
            <ImagePickerButton label={t('profile.logo_file')} onFile={(file) => void upload.start(file)}>
              <ImagePlus className="h-4 w-4" aria-hidden />
              {stored ? t('profile.change_logo') : t('profile.upload_logo')}
            </ImagePickerButton>
            {stored && (
              <Button size="sm" variant="outline" onClick={() => void removeLogo()} disabled={remove.isPending}>
                <Trash2 className="h-4 w-4" aria-hidden />
                {t('profile.remove_logo')}
              </Button>
            )}
          </div>
        )}
        <FieldError id="logo-error" message={upload.error ?? undefined} />
      </div>
    </section>
  );
}
