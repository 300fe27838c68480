import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '@/components/toast';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { downloadFile, errorMessage, getBlob } from '@/lib/api-client';
import { words } from '@/lib/i18n';

const t = words('share');

const PATH = '/v1/user/share/virtual-background.png';
const SIZES = ['1920x1080', '1280x720'] as const;

/** The preview's object URL, made from the API's picture and let go with it. */
function usePreview(blob: Blob | undefined) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/**
 * The virtual background's preview and downloads (docs/product.md §2, Share), loaded when the owner asks for them
 * (the Share screen keeps to its first-load budget).
 */
export function VirtualBackgroundPanel({ username }: { username: string }) {
  // The small size is previewed: the same drawing, a third of the bytes.
  const preview = useQuery({
    queryKey: ['virtual-background', username],
    queryFn: () => getBlob(`${PATH}?size=1280x720`),
    staleTime: 60_000,
  });
  const url = usePreview(preview.data);
  const save = async (size: (typeof SIZES)[number]) => {
    try {
      await downloadFile(`${PATH}?size=${size}`, `${username}-background-${size}.png`);
    } catch (error) {
      toast.error(errorMessage(error, t('share.bg_download_failed')));
    }
  };
  return (
    <div className="space-y-3">
      {url ? (
        <img
          src={url}
          alt={t('share.bg_alt')}
          className="aspect-video w-full rounded-lg border border-slate-200 object-cover dark:border-slate-700"
        />
      ) : preview.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(preview.error, t('share.bg_load_failed'))}
        </p>
      ) : (
        <Skeleton className="aspect-video w-full" aria-label={t('share.bg_loading')} />
      )}
      <div className="flex flex-wrap gap-2">
        {SIZES.map((size) => (
          <Button key={size} type="button" variant="outline" size="sm" onClick={() => void save(size)}>
            <Download className="h-4 w-4" aria-hidden />
            {t('share.bg_download', { size: size.replace('x', '×') })}
          </Button>
        ))}
      </div>
    </div>
  );
}
