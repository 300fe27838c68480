import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@shared/constants';
import type { OrgTemplate } from '@shared/schemas/org-template';
import type { LogoUploadState } from '@/components/logo-upload';
import { preloadUploadProgress } from '@/components/lazy-upload-progress';
import { api, errorMessage, isAbortError, uploadWithProgress } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { orgTemplateQueryKey } from '@/lib/org-template-query';

// The organisation's company logo (docs/product.md §2, Organisations): uploaded as a card's own
// logo is (the Profile's upload: made smaller in the browser, the percentage sent, cancel), to
// POST /v1/orgs/{id}/template/logo; the answer is the template, which every work card then follows.

const t = words('uploads');
const to = words('orgs-template');
const shrinkPhoto = (file: File) => import('@/lib/shrink-photo').then((module) => module.shrinkPhoto(file));
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|gif|webp)$/i;
const isImage = (file: File) =>
  (IMAGE_TYPES as readonly string[]).includes(file.type) || (!file.type && ACCEPTED_EXTENSIONS.test(file.name));

type Saved = { success: boolean; message: string; data: OrgTemplate };
const IDLE: LogoUploadState = { preview: null, progress: null, preparing: false, error: null };

export function useOrgLogo(orgId: string) {
  const client = useQueryClient();
  const path = `/v1/orgs/${encodeURIComponent(orgId)}/template/logo`;
  const store = (answer: Saved) => client.setQueryData(orgTemplateQueryKey(orgId), answer.data);
  const [state, setState] = useState<LogoUploadState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  // Leaving the screen abandons a running upload.
  useEffect(() => () => controller.current?.abort(), []);

  const refuse = (problem: string) => {
    setState({ ...IDLE, error: problem });
    toast.error(problem);
  };

  const start = async (chosen: File) => {
    if (!isImage(chosen)) return refuse(t('uploads.logo_wrong_type'));
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    preloadUploadProgress();
    const preview = URL.createObjectURL(chosen);
    setState({ preview, progress: 0, preparing: true, error: null });
    let tooLarge = false;
    try {
      const file = await shrinkPhoto(chosen);
      if (abort.signal.aborted) throw new DOMException('The upload was cancelled', 'AbortError');
      tooLarge = file.size > IMAGE_MAX_BYTES;
      if (tooLarge) return;
      setState((current) => ({ ...current, preparing: false }));
      const form = new FormData();
      form.set('logo', file);
      const answer = await uploadWithProgress<Saved>(path, form, {
        signal: abort.signal,
        onProgress: (progress) => {
          if (controller.current === abort) setState((current) => ({ ...current, progress }));
        },
      });
      store(answer);
      toast.success(t('uploads.logo_uploaded'));
    } catch (error) {
      if (isAbortError(error)) toast.info(to('orgs-template.logo_canceled'));
      else toast.error(errorMessage(error, t('uploads.logo_upload_failed')));
    } finally {
      URL.revokeObjectURL(preview);
      if (controller.current === abort) {
        controller.current = null;
        if (tooLarge) refuse(t('uploads.logo_too_large'));
        else setState(IDLE);
      }
    }
  };

  const remove = useMutation({
    mutationFn: () => api.delete<Saved>(path),
    onSuccess: (answer) => {
      store(answer);
      toast.success(t('uploads.logo_removed'));
    },
    onError: (error) => toast.error(errorMessage(error, t('uploads.logo_remove_failed'))),
  });

  return { ...state, start, cancel: () => controller.current?.abort(), remove };
}
