import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/toast';
import type { User } from '@shared/types';
import { preloadUploadProgress } from '@/components/lazy-upload-progress';
import { errorMessage, isAbortError } from '@/lib/api-client';
import { uploadImage } from '../api/profile-images';
import { useStoreUser } from '../api/update-profile';
import { checkImageFile, checkImageType, imageMessage, type ImageKind } from '../lib/image-rules';

// Loaded when a photo is chosen: no part of the screen's first load.
const shrinkPhoto = (file: File) => import('@/lib/shrink-photo').then((module) => module.shrinkPhoto(file));

export type UploadState = {
  /** Local preview of the file being uploaded; null shows the stored image. */
  preview: string | null;
  /** Percentage sent, or null when no upload runs. */
  progress: number | null;
  /** The chosen photo is being made smaller in the browser; nothing is sent yet. */
  preparing: boolean;
  /** Why the chosen file was refused. */
  error: string | null;
};

const IDLE: UploadState = { preview: null, progress: null, preparing: false, error: null };

/**
 * docs/product.md §4, Profile page: an upload starts as soon as a file is chosen, reports its
 * percentage and can be cancelled; cancelling or failing reverts the preview to the stored image.
 */
export function useImageUpload(kind: ImageKind) {
  const storeUser = useStoreUser();
  const [state, setState] = useState<UploadState>(IDLE);
  const controller = useRef<AbortController | null>(null);

  // Leaving the screen abandons a running upload.
  useEffect(() => () => controller.current?.abort(), []);

  const refuse = (problem: string) => {
    setState({ ...IDLE, error: problem });
    toast.error(problem);
  };

  const start = async (chosen: File) => {
    const wrongType = checkImageType(kind, chosen);
    if (wrongType) return refuse(wrongType);
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    preloadUploadProgress();
    const preview = URL.createObjectURL(chosen);
    setState({ preview, progress: 0, preparing: true, error: null });
    let tooLarge: string | null = null;
    try {
      // A camera's 10 MB photo is made smaller here before it is sent; the limit applies to that.
      const file = await shrinkPhoto(chosen);
      if (abort.signal.aborted) throw new DOMException('The upload was cancelled', 'AbortError');
      tooLarge = checkImageFile(kind, file);
      if (tooLarge) return;
      setState((current) => ({ ...current, preparing: false }));
      const body = await uploadImage(kind, file, {
        signal: abort.signal,
        onProgress: (progress) => {
          if (controller.current === abort) setState((current) => ({ ...current, progress }));
        },
      });
      await storeUser((body.data as User | undefined) ?? null);
      toast.success(imageMessage(kind, 'uploaded'));
    } catch (error) {
      if (isAbortError(error)) toast.info(imageMessage(kind, 'canceled'));
      // docs/product.md §8: the avatar and the logo show the server's message when there is one, the cover never.
      else {
        const failed = imageMessage(kind, 'uploadFailed');
        toast.error(kind === 'cover' ? failed : errorMessage(error, failed));
      }
    } finally {
      URL.revokeObjectURL(preview);
      if (controller.current === abort) {
        controller.current = null;
        if (tooLarge) refuse(tooLarge);
        else setState(IDLE);
      }
    }
  };

  const cancel = () => controller.current?.abort();

  return { ...state, uploading: state.progress !== null, start, cancel };
}
