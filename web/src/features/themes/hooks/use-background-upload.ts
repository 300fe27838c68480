import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/toast';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@shared/constants';
import type { User } from '@shared/types';
import { errorMessage, isAbortError } from '@/lib/api-client';
import { loadWords } from '@/lib/i18n';
import { backgroundWords, uploadBackground, useStoreUser } from '../api/background-image';

// Loaded when a photo is chosen, with the progress display: no part of the screen's first load
// (whatever Themes shares with Profile's first load would cost Profile its 200 KB budget).
export const loadUploadProgress = () =>
  Promise.all([import('@/components/upload-progress'), loadWords('uploads')]).then(([module]) => module);
const shrinkPhoto = (file: File) => import('@/lib/shrink-photo').then((module) => module.shrinkPhoto(file));
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|gif|webp)$/i;
const isImageFile = (file: File) =>
  (IMAGE_TYPES as readonly string[]).includes(file.type) || (!file.type && ACCEPTED_EXTENSIONS.test(file.name));

type State = { preview: string | null; progress: number | null; preparing: boolean; error: string | null };
const IDLE: State = { preview: null, progress: null, preparing: false, error: null };

/**
 * The background upload, as the profile's photo and cover upload (features/profile/hooks/
 * use-image-upload.ts), kept apart on purpose: one hook for both, in components/, becomes a chunk
 * of its own that Profile's first load then fetches, measured +0.5 KB gzip against its 0.2 KB left.
 * It starts on choice, is made smaller in the browser, reports 'Preparing the image…',
 * 'Uploading… n %', then 'Making the sizes for your card…', can be cancelled, and says why on every failure. `onUploaded` gets the stored
 * image's URL for the theme being edited.
 */
export function useBackgroundUpload(onUploaded: (url: string) => void) {
  const storeUser = useStoreUser();
  const [state, setState] = useState<State>(IDLE);
  const controller = useRef<AbortController | null>(null);

  // Leaving the screen abandons a running upload.
  useEffect(() => () => controller.current?.abort(), []);

  const refuse = (problem: string) => {
    setState({ ...IDLE, error: problem });
    toast.error(problem);
  };

  const start = async (chosen: File) => {
    const said = backgroundWords();
    if (!isImageFile(chosen)) return refuse(said.wrongType);
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    void loadUploadProgress();
    const preview = URL.createObjectURL(chosen);
    setState({ preview, progress: 0, preparing: true, error: null });
    let problem: string | null = null;
    try {
      const file = await shrinkPhoto(chosen);
      if (abort.signal.aborted) throw new DOMException('The upload was cancelled', 'AbortError');
      if (file.size > IMAGE_MAX_BYTES) {
        problem = said.tooLarge;
        return;
      }
      setState((current) => ({ ...current, preparing: false }));
      const body = await uploadBackground(file, {
        signal: abort.signal,
        onProgress: (progress) => {
          if (controller.current === abort) setState((current) => ({ ...current, progress }));
        },
      });
      const user = (body.data as User | undefined) ?? null;
      await storeUser(user);
      if (user?.background_image_url) onUploaded(user.background_image_url);
      toast.success(said.uploaded);
    } catch (error) {
      if (isAbortError(error)) toast.info(said.canceled);
      // The server says why it refused the file (type, size, photos unavailable); else the fallback.
      else problem = errorMessage(error, said.uploadFailed);
    } finally {
      URL.revokeObjectURL(preview);
      if (controller.current === abort) {
        controller.current = null;
        if (problem) refuse(problem);
        else setState(IDLE);
      }
    }
  };

  const cancel = () => controller.current?.abort();

  return { ...state, uploading: state.progress !== null, start, cancel };
}
