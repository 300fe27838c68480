import { Camera, Crop, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/toast';
import type { User } from '@shared/types';
import { Avatar } from '@/components/avatar';
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
 * Avatar: upload on choice with progress and cancel, or removal (docs/product.md §2 and §8). A work
 * card whose template locks the photo shows it with the lock and who set it, and offers no control.
 */
export function AvatarField({ user, ruling = null }: { user: User; ruling?: FieldRuling | null }) {
  const upload = useImageUpload('avatar');
  const remove = useRemoveImage('avatar');
  const stored = user.avatar_url ?? user.avatar;
  const [adjusting, setAdjusting] = useState(false);
  // Mounted from the first 'Adjust' on, so closing it can still animate and return focus.
  const [opened, setOpened] = useState(false);
  const locked = ruling?.rule === 'locked';

  const removeAvatar = async () => {
    const toastId = toast.loading(t('profile.avatar_removing'));
    try {
      await remove.mutateAsync();
      toast.success(imageMessage('avatar', 'removed'), { id: toastId });
    } catch {
      toast.error(imageMessage('avatar', 'removeFailed'), { id: toastId });
    }
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="relative h-28 w-28 shrink-0 overflow-hidden rounded-full border-4 border-white bg-slate-200 shadow dark:border-slate-900 dark:bg-slate-700">
        <Avatar
          src={upload.preview ?? stored}
          name={user.name}
          alt={t('profile.photo_alt')}
          size={112}
          imageClassName="h-full w-full object-cover"
          initialsClassName="flex h-full w-full items-center justify-center text-3xl font-semibold text-slate-600 dark:text-slate-200"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2">
        {locked ? (
          <OrgRuleNote id="avatar-org" ruling={ruling} />
        ) : upload.progress !== null ? (
          <LazyUploadProgress
            label={t('profile.avatar_upload')}
            cancelLabel={t('profile.cancel_avatar_upload')}
            progress={upload.progress}
            preparing={upload.preparing}
            onCancel={upload.cancel}
          />
        ) : (
          <div className="flex flex-wrap gap-2">
            <ImagePickerButton label={t('profile.photo_file')} onFile={(file) => void upload.start(file)}>
              <Camera className="h-4 w-4" aria-hidden />
              {stored ? t('profile.change_photo') : t('profile.upload_photo')}
            </ImagePickerButton>
            {stored && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  setOpened(true);
                  setAdjusting(true);
                }}
              >
                <Crop className="h-4 w-4" aria-hidden />
                {t('profile.adjust')}
              </Button>
            )}
            {stored && (
              <Button size="sm" variant="outline" onClick={() => void removeAvatar()} disabled={remove.isPending}>
                <Trash2 className="h-4 w-4" aria-hidden />
                {t('profile.remove_photo')}
              </Button>
            )}
          </div>
        )}
        {locked ? null : <p className="text-xs text-slate-500 dark:text-slate-400">{t('profile.photo_hint')}</p>}
        <FieldError id="avatar-error" message={upload.error ?? undefined} />
      </div>
      {stored && !locked && (
        <LazyCropDialog loaded={opened} kind="avatar" stored={stored} open={adjusting} onOpenChange={setAdjusting} />
      )}
    </div>
  );
}
