import { toast } from '@/components/toast';
import type { User } from '@shared/types';
import { LogoUpload } from '@/components/logo-upload';
import { words } from '@/lib/i18n';
import { useRemoveImage } from '../api/profile-images';
import { useImageUpload } from '../hooks/use-image-upload';
import { imageMessage, setLogoMessages, type ImageMessage } from '../lib/image-rules';
import { OrgRuleNote } from './org-rule';

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

/**
 * The company logo (docs/product.md §5, Profile): uploaded on choice with the cover's progress,
 * steps and cancel, or removed. On a work card whose organisation sets the logo (`orgName`) it is
 * the organisation's: shown with the lock and who set it, no control.
 */
export function LogoField({ user, orgName = null }: { user: User; orgName?: string | null }) {
  const upload = useImageUpload('logo');
  const remove = useRemoveImage('logo');

  const removeLogo = async () => {
    try {
      await remove.mutateAsync();
      toast.success(imageMessage('logo', 'removed'));
    } catch {
      toast.error(imageMessage('logo', 'removeFailed'));
    }
  };

  return (
    <LogoUpload
      id="logo"
      stored={user.logo_url}
      upload={upload}
      hint={t('uploads.logo_hint')}
      onFile={(file) => void upload.start(file)}
      onCancel={upload.cancel}
      onRemove={() => void removeLogo()}
      removing={remove.isPending}
      locked={orgName ? <OrgRuleNote id="logo-lock" ruling={{ rule: 'locked', orgName }} /> : undefined}
    />
  );
}
