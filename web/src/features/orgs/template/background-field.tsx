import { ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@shared/constants';
import { derivativeUrl } from '@shared/media';
import type { DataResponse } from '@shared/types';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { errorMessage, isAbortError, uploadWithProgress } from '@/lib/api-client';
import { words } from '@/lib/i18n';

const t = words('orgs-template');
const l = words('looks');

const shrinkPhoto = (file: File) => import('@/lib/shrink-photo').then((module) => module.shrinkPhoto(file));

/**
 * The template's virtual background: uploaded at once through the image pipeline into the
 * organisation's own folder (POST /v1/orgs/{id}/template/background-image), which answers its
 * address; Save then sends the template naming it. Remove only leaves the draft.
 */
export function TemplateBackgroundField({
  orgId,
  value,
  error,
  onChange,
}: {
  orgId: string;
  value: string | null;
  /** The API's refusal of the saved address (`custom_theme.background_image`). */
  error: string | undefined;
  onChange: (url: string | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Leaving the screen abandons a running upload.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async (chosen: File) => {
    if (!(IMAGE_TYPES as readonly string[]).includes(chosen.type)) return setProblem(l('looks.bg_wrong_type'));
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setProblem(null);
    setProgress(0);
    try {
      const file = await shrinkPhoto(chosen);
      if (file.size > IMAGE_MAX_BYTES) return setProblem(l('looks.bg_too_large'));
      const form = new FormData();
      form.set('background_image', file);
      const answer = await uploadWithProgress<DataResponse<{ background_image: string }>>(
        `/v1/orgs/${encodeURIComponent(orgId)}/template/background-image`,
        form,
        { signal: abort.signal, onProgress: setProgress },
      );
      onChange(answer.data.background_image);
    } catch (failure) {
      if (!isAbortError(failure)) setProblem(errorMessage(failure, l('looks.bg_upload_failed')));
    } finally {
      if (controller.current === abort) {
        controller.current = null;
        setProgress(null);
      }
    }
  };

  const thumbnail = derivativeUrl(value, 'background', 64, 'webp');
  const message = problem ?? error;
  return (
    <div className="sm:col-span-2" role="group" aria-labelledby="org-template-background-image-label">
      <p id="org-template-background-image-label" className="text-sm font-medium">
        {l('looks.bg_image')}
      </p>
      <div className="mt-1 flex min-w-0 items-center gap-3">
        <div className="h-16 w-16 shrink-0 overflow-hidden rounded-md border border-slate-200 bg-slate-100 dark:border-slate-700 dark:bg-slate-800">
          {thumbnail ? <img src={thumbnail} alt="" className="h-full w-full object-cover" /> : null}
        </div>
        <input
          ref={input}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          className="hidden"
          aria-label={l('looks.bg_file')}
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so choosing the same file again still fires a change.
            event.target.value = '';
            if (file) void start(file);
          }}
        />
        <div className="flex min-w-0 flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            disabled={progress !== null}
            aria-describedby={message ? 'org-template-background-image-error' : undefined}
            onClick={() => input.current?.click()}
          >
            <ImageUp className="h-4 w-4" aria-hidden />
            {value ? l('looks.bg_change') : l('looks.bg_upload')}
          </Button>
          {value && progress === null ? (
            <Button size="sm" variant="outline" onClick={() => onChange(null)}>
              <Trash2 className="h-4 w-4" aria-hidden />
              {l('looks.bg_remove')}
            </Button>
          ) : null}
          {progress !== null ? (
            <Button size="sm" variant="ghost" onClick={() => controller.current?.abort()}>
              {t('orgs-template.bg_cancel', { percent: progress })}
            </Button>
          ) : null}
        </div>
      </div>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{t('orgs-template.bg_hint')}</p>
      <FieldError id="org-template-background-image-error" message={message ?? undefined} />
    </div>
  );
}
