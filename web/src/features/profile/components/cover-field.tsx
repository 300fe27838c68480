import { Crop, ImagePlus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/toast';
import { Picture } from '@shared/picture';
import type { User } from '@shared/types';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { useRemoveImage } from '../api/profile-images';
import { useImageUpload } from '../hooks/use-image-upload';
import { imageMessage } from '../lib/image-rules';
import { LazyCropDialog } from './lazy-crop-dialog';
import { OrgRuleNote, type FieldRuling } from './org-rule';
import { ImagePickerButton } from '@/components/image-picker-button';
import { LazyUploadProgress } from '@/components/lazy-upload-progress';
import { words } from '@/lib/i18n';

const t = words('profile');

/**
 * Cover image: upload on choice with progress and cancel, or removal (docs/product.md §2 and §8). A
 * work card whose template locks the cover shows it with the lock and who set it, and no control.
 */
export function CoverField({ user, ruling = null }: { user: User; ruling?: FieldRuling | null }) {
  const upload = useImageUpload('cover');
  const remove = useRemoveImage('cover');
  const src = upload.preview ?? user.cover_image_url;
  const action = user.cover_image_url ? t('profile.change_cover') : t('profile.upload_cover');
  const [adjusting, setAdjusting] = useState(false);
  // Mounted from the first 'Adjust' on, so closing it can still animate and return focus.
  const [opened, setOpened] = useState(false);
  const locked = ruling?.rule === 'locked';

  const removeCover = async () => {
    try {
      await remove.mutateAsync();
      toast.success(imageMessage('cover', 'removed'));
    } catch {
      toast.error(imageMessage('cover', 'removeFailed'));
    }
  };

  return (
    <div>
      <div className="relative h-36 w-full sm:h-48 lg:h-56 overflow-hidden rounded-xl bg-gradient-to-r from-brand-500 to-violet-500">
        {src && (
          <Picture
            url={src}
            kind="cover"
            sizes="(min-width: 1024px) 900px, 100vw"
            alt={t('profile.cover_alt')}
            className="h-full w-full object-cover"
          />
        )}
        {locked ? null : (
          <div className="absolute end-3 top-3 flex gap-2">
            <ImagePickerButton
              label={t('profile.cover_file')}
              disabled={upload.uploading}
              onFile={(file) => void upload.start(file)}
            >
              <ImagePlus className="h-4 w-4" aria-hidden />
              <span className="sr-only sm:not-sr-only">{action}</span>
            </ImagePickerButton>
            {user.cover_image_url && !upload.uploading && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => {
                  setOpened(true);
                  setAdjusting(true);
                }}
              >
                <Crop className="h-4 w-4" aria-hidden />
                <span className="sr-only sm:not-sr-only">{t('profile.adjust_cover')}</span>
              </Button>
            )}
            {user.cover_image_url && !upload.uploading && (
              <Button size="sm" variant="secondary" onClick={() => void removeCover()} disabled={remove.isPending}>
                <Trash2 className="h-4 w-4" aria-hidden />
                <span className="sr-only sm:not-sr-only">{t('profile.remove_cover')}</span>
              </Button>
            )}
          </div>
        )}
        {upload.progress !== null && (
          <div className="absolute inset-x-3 bottom-3 sm:start-auto sm:w-80">
            <LazyUploadProgress
              label={t('profile.cover_upload')}
              cancelLabel={t('profile.cancel_cover_upload')}
              progress={upload.progress}
              preparing={upload.preparing}
              onCancel={upload.cancel}
            />
          </div>
        )}
      </div>
      <OrgRuleNote id="cover-org" ruling={locked ? ruling : null} />
      <FieldError id="cover-error" message={upload.error ?? undefined} />
      {user.cover_image_url && !locked && (
        <LazyCropDialog
          loaded={opened}
          kind="cover"
          stored={user.cover_image_url}
          open={adjusting}
          onOpenChange={setAdjusting}
        />
      )}
    </div>
  );
}
