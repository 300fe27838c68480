import { useRef } from 'react';
import type { CustomTheme, User } from '@shared/types';
import { useRemoveBackground } from '../api/background-image';

/**
 * The stored background upload that the editor's draft has shown. A draft saved without it removes
 * it (DELETE /background-image, before the theme is saved); an upload the draft never showed, made
 * in another tab since this one opened, is kept, as the Worker keeps it (docs/decisions/0084).
 */
export function useShownUpload(user: User) {
  const removeBackground = useRemoveBackground();
  const shown = useRef(
    user.background_image_url && user.custom_theme?.background_image === user.background_image_url
      ? user.background_image_url
      : null,
  );
  return {
    /** The draft now shows this background (an upload just made, or a theme as saved). */
    saw: (background: string | null | undefined) => {
      if (background) shown.current = background;
    },
    /** Before a save: removes the upload the draft showed and no longer does. */
    releaseDropped: async (draft: CustomTheme | null) => {
      const upload = user.background_image_url;
      if (draft && !draft.background_image && upload && shown.current === upload) {
        await removeBackground.mutateAsync();
      }
    },
  };
}
