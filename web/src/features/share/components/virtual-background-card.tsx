import { ImageIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

// The preview and its downloads are their own chunk, fetched on the owner's tap.
const VirtualBackgroundPanel = lazy(() =>
  import('./virtual-background-panel').then((module) => ({ default: module.VirtualBackgroundPanel })),
);

/**
 * A virtual background for video calls (issue 22): the photo, name, title and company and the
 * card's QR code in the card's colours, previewed and downloaded in either size.
 */
export function VirtualBackgroundCard({ username }: { username: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Virtual background</CardTitle>
        <CardDescription>
          For Zoom, Teams and Meet: the people on the call see your name, title and a QR code to your card.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {open ? (
          <Suspense fallback={<Skeleton className="aspect-video w-full" aria-label="Loading the preview" />}>
            <VirtualBackgroundPanel username={username} />
          </Suspense>
        ) : (
          <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
            <ImageIcon className="h-4 w-4" aria-hidden />
            Show preview
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
