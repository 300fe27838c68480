import { ImageIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { words } from '@/lib/i18n';

const t = words('share');

// The preview and its downloads are their own chunk, fetched on the owner's tap.
const VirtualBackgroundPanel = lazy(() =>
  import('./virtual-background-panel').then((module) => ({ default: module.VirtualBackgroundPanel })),
);

/**
 * A virtual background for video calls (docs/product.md §2, Share): the photo, name, title and company and the
 * card's QR code in the card's colours, previewed and downloaded in either size.
 */
export function VirtualBackgroundCard({ username }: { username: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('share.bg_title')}</CardTitle>
        <CardDescription>{t('share.bg_description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {open ? (
          <Suspense fallback={<Skeleton className="aspect-video w-full" aria-label={t('share.bg_loading')} />}>
            <VirtualBackgroundPanel username={username} />
          </Suspense>
        ) : (
          <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
            <ImageIcon className="h-4 w-4" aria-hidden />
            {t('share.bg_show')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
