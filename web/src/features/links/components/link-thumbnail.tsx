import { useRef, useState } from 'react';
import { Picture } from '@shared/picture';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { uploadThumbnail } from '../api/link-preview';

const t = words('links');

type Props = {
  thumbnail: string | null;
  onThumbnail: (url: string | null) => void;
  reading: boolean;
  note: string | null;
};

/**
 * The link's thumbnail in the form (docs/product.md §2, Links): the page's picture once read, the
 * owner's own upload, or none.
 */
export function LinkThumbnail({ thumbnail, onThumbnail, reading, note }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setFailed(null);
    try {
      onThumbnail(await uploadThumbnail(file));
    } catch (error) {
      setFailed(errorMessage(error, t('links.thumbnail_failed')));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="grid gap-2 sm:col-span-2" data-testid="link-thumbnail">
      <span className="text-sm font-medium">{t('links.thumbnail')}</span>
      <div className="flex flex-wrap items-center gap-3">
        {thumbnail ? (
          <div className="w-40 overflow-hidden rounded-md border border-slate-200 dark:border-slate-700">
            <Picture
              url={thumbnail}
              kind="thumbnail"
              alt={t('links.thumbnail')}
              sizes="160px"
              className="block h-auto w-full"
            />
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={uploading} onClick={() => input.current?.click()}>
            {t('links.thumbnail_upload')}
          </Button>
          {thumbnail ? (
            <Button type="button" variant="outline" size="sm" onClick={() => onThumbnail(null)}>
              {t('links.thumbnail_remove')}
            </Button>
          ) : null}
        </div>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          className="sr-only"
          tabIndex={-1}
          aria-label={t('links.thumbnail_upload')}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {reading ? t('links.reading_page') : (failed ?? note ?? '')}
      </p>
    </div>
  );
}
