import { Smartphone } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { CardData } from '@shared/card/card-view';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { CardPreview } from './card-preview';

/**
 * An editor screen with its live preview: on a wide screen the card sits beside the form in a
 * phone's frame and follows every edit; on a phone a 'Preview' button shows it full screen. The
 * preview is the card's own component (components/card-preview.tsx), so what it shows is what
 * /p/{username} will show once the edits are saved.
 */
export function PreviewLayout({ card, children }: { card: CardData | null; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="gap-8 xl:grid xl:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-6">
        <div className="flex justify-end xl:hidden">
          <Button variant="outline" size="sm" onClick={() => setOpen(true)} disabled={!card}>
            <Smartphone className="h-4 w-4" aria-hidden />
            Preview
          </Button>
        </div>
        {children}
      </div>
      <aside aria-label="Live preview" className="hidden xl:block">
        <div className="sticky top-6 space-y-2">
          <div className="h-[38rem] overflow-hidden rounded-[2.25rem] border-[10px] border-slate-900 bg-white shadow-xl dark:border-slate-700">
            {card ? (
              <CardPreview card={card} className="h-full overflow-y-auto" />
            ) : (
              <Skeleton className="h-full w-full" />
            )}
          </div>
          <p className="text-center text-xs text-slate-500 dark:text-slate-400">
            Your card as visitors see it, with your unsaved changes
          </p>
        </div>
      </aside>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title="Preview"
          description="Your card as visitors see it, with your unsaved changes"
          className="max-w-md"
        >
          {card ? (
            <CardPreview
              card={card}
              className="h-[calc(100dvh-11rem)] overflow-y-auto rounded-lg border border-slate-200 dark:border-slate-700"
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
