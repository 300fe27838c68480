import { words } from '@/lib/i18n';
import { Monitor, Smartphone } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import type { CardData } from '@shared/card/card-view';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/lazy-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { CardPreview } from './card-preview';
import { PageHeader } from './page-header';
import { ScaledPreview } from './scaled-preview';

const t = words('shell');

// The width a desktop visitor's card is drawn at before it is scaled into the preview's frame:
// past the card's 768 px breakpoint, so two-column templates show their two columns.
const DESKTOP_WIDTH = 1024;

type Props = {
  card: CardData | null;
  /** The screen holds edits that are not saved: the caption says the preview shows them. */
  unsaved?: boolean;
  /** A link to bring into view in the preview and outline briefly: the one being edited or added. */
  focusLinkId?: number | null;
  /** The screen's header, drawn above the form and the preview. */
  header?: ComponentProps<typeof PageHeader>;
  children: ReactNode;
};

/** Phone or desktop: the preview's width, the same choice beside the form and in the phone's sheet. */
function WidthSwitch({ desktop, onChange }: { desktop: boolean; onChange: (desktop: boolean) => void }) {
  return (
    <div role="group" aria-label={t('shell.preview_width')} className="flex justify-center gap-1">
      {[
        { wide: false, label: t('shell.preview_phone'), Icon: Smartphone },
        { wide: true, label: t('shell.preview_desktop'), Icon: Monitor },
      ].map(({ wide, label, Icon }) => (
        <Button
          key={label}
          variant={desktop === wide ? 'primary' : 'outline'}
          size="sm"
          aria-pressed={desktop === wide}
          onClick={() => onChange(wide)}
        >
          <Icon className="h-4 w-4" aria-hidden />
          {label}
        </Button>
      ))}
    </div>
  );
}

/**
 * The card at a phone's width in a frame of the given height, or at a desktop's, scaled to the
 * frame's width in a screen's landscape shape.
 */
function Framed({
  card,
  desktop,
  focusLinkId,
  className,
}: {
  card: CardData;
  desktop: boolean;
  focusLinkId: number | null;
  className: string;
}) {
  return desktop ? (
    <ScaledPreview card={card} width={DESKTOP_WIDTH} focusLinkId={focusLinkId} className="aspect-[16/10]" />
  ) : (
    <CardPreview card={card} focusLinkId={focusLinkId} scrolls className={className} />
  );
}

/**
 * An editor screen with its live preview. On a wide screen the card sits beside the form in a
 * phone's frame or a desktop's, follows every edit and scrolls to the link being edited. On a
 * phone a 'Preview' bar stays at the foot of the screen (the save bar, while it shows, rests just
 * above it): one tap opens the same card, with the same width switch, over the form, which stays
 * mounted underneath, so nothing typed is lost (docs/product.md §4). The preview is the card's
 * own component (components/card-preview.tsx), so what it shows is what /p/{username} will show.
 */
export function PreviewLayout({ card, unsaved = false, focusLinkId = null, header, children }: Props) {
  const [open, setOpen] = useState(false);
  const [desktop, setDesktop] = useState(false);
  const caption = unsaved ? t('shell.preview_caption_unsaved') : t('shell.preview_caption');
  return (
    <>
      {header ? <PageHeader {...header} /> : null}
      <div
        data-preview-layout
        className={cn(
          'gap-8 xl:grid',
          desktop ? 'xl:grid-cols-[minmax(0,1fr)_28rem]' : 'xl:grid-cols-[minmax(0,1fr)_20rem]',
        )}
      >
        <div className="min-w-0 space-y-6">
          {children}
          {/* The phone's way to the preview, always in reach at the foot of the screen. */}
          <div
            data-preview-peek
            className="pointer-events-none sticky bottom-0 z-20 flex justify-center pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-2 xl:hidden"
          >
            <Button
              className="pointer-events-auto rounded-full px-5 shadow-lg"
              onClick={() => setOpen(true)}
              disabled={!card}
            >
              <Smartphone className="h-4 w-4" aria-hidden />
              {t('shell.preview')}
            </Button>
          </div>
        </div>
        <aside aria-label={t('shell.live_preview')} className="hidden xl:block">
          <div className="sticky top-6 space-y-2">
            <WidthSwitch desktop={desktop} onChange={setDesktop} />
            <div
              data-preview-frame={desktop ? 'desktop' : 'phone'}
              className={cn(
                'overflow-hidden border-slate-900 bg-white shadow-xl dark:border-slate-700',
                desktop ? 'rounded-lg border-[6px] border-t-[14px]' : 'rounded-[2.25rem] border-[10px]',
              )}
            >
              {card ? (
                <Framed card={card} desktop={desktop} focusLinkId={focusLinkId} className="h-[38rem]" />
              ) : (
                <Skeleton className="h-[38rem] w-full" />
              )}
            </div>
            <p className="text-center text-xs text-slate-600 dark:text-slate-400">{caption}</p>
          </div>
        </aside>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent title={t('shell.preview')} description={caption} className="max-w-md">
            {card ? (
              <div className="mt-3 space-y-3">
                <WidthSwitch desktop={desktop} onChange={setDesktop} />
                <div
                  data-preview-frame={desktop ? 'desktop' : 'phone'}
                  className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700"
                >
                  <Framed card={card} desktop={desktop} focusLinkId={focusLinkId} className="h-[calc(100dvh-14rem)]" />
                </div>
              </div>
            ) : null}
          </DialogContent>
        </Dialog>
      </div>
    </>
  );
}
