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

const t = words('shell');

// The width a desktop visitor's card is drawn at before it is scaled into the preview's frame:
// past the card's 768 px breakpoint, so two-column templates show their two columns.
const DESKTOP_WIDTH = 1024;

type Props = {
  card: CardData | null;
  /** The screen holds edits that are not saved: the caption says the preview shows them. */
  unsaved?: boolean;
  /** Offer the desktop width beside the phone's (templates and themes, whose layout changes with it). */
  widths?: boolean;
  /** The screen's header: the phone's 'Preview' button joins its actions, on their row. */
  header?: ComponentProps<typeof PageHeader>;
  children: ReactNode;
};

/** The card at a desktop's width, scaled down to the frame's width. */
function DesktopPreview({ card, frame }: { card: CardData; frame: number }) {
  const scale = frame / DESKTOP_WIDTH;
  return (
    <div className="h-full overflow-y-auto overflow-x-hidden" data-preview-width="desktop">
      <div style={{ width: DESKTOP_WIDTH, transform: `scale(${scale})`, transformOrigin: 'top left' }}>
        <CardPreview card={card} className="min-h-[40rem]" />
      </div>
    </div>
  );
}

/**
 * An editor screen with its live preview: on a wide screen the card sits beside the form in a
 * phone's frame (or a desktop's, where `widths` offers it) and follows every edit; on a phone a
 * 'Preview' button shows it full screen. The preview is the card's own component
 * (components/card-preview.tsx), so what it shows is what /p/{username} will show once saved.
 */
export function PreviewLayout({ card, unsaved = false, widths = false, header, children }: Props) {
  const [open, setOpen] = useState(false);
  const [desktop, setDesktop] = useState(false);
  const caption = unsaved ? t('shell.preview_caption_unsaved') : t('shell.preview_caption');
  const toggle = widths ? (
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
          onClick={() => setDesktop(wide)}
        >
          <Icon className="h-4 w-4" aria-hidden />
          {label}
        </Button>
      ))}
    </div>
  ) : null;
  const previewButton = (
    <Button
      variant="outline"
      size={header ? 'md' : 'sm'}
      className="xl:hidden"
      onClick={() => setOpen(true)}
      disabled={!card}
    >
      <Smartphone className="h-4 w-4" aria-hidden />
      {t('shell.preview')}
    </Button>
  );
  return (
    <>
      {header ? (
        <PageHeader
          {...header}
          actions={
            <>
              {header.actions}
              {previewButton}
            </>
          }
        />
      ) : null}
      <div className="gap-8 xl:grid xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          {header ? null : <div className="flex justify-end xl:hidden">{previewButton}</div>}
          {children}
        </div>
        <aside aria-label={t('shell.live_preview')} className="hidden xl:block">
          <div className="sticky top-6 space-y-2">
            {toggle}
            <div
              className={cn(
                'h-[38rem] overflow-hidden border-slate-900 bg-white shadow-xl dark:border-slate-700',
                desktop ? 'rounded-lg border-[6px] border-t-[14px]' : 'rounded-[2.25rem] border-[10px]',
              )}
            >
              {!card ? (
                <Skeleton className="h-full w-full" />
              ) : desktop ? (
                <DesktopPreview card={card} frame={308} />
              ) : (
                <CardPreview card={card} className="h-full overflow-y-auto" />
              )}
            </div>
            <p className="text-center text-xs text-slate-600 dark:text-slate-400">{caption}</p>
          </div>
        </aside>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent title={t('shell.preview')} description={caption} className="max-w-md">
            {card ? (
              <CardPreview
                card={card}
                className="h-[calc(100dvh-11rem)] overflow-y-auto rounded-lg border border-slate-200 dark:border-slate-700"
              />
            ) : null}
          </DialogContent>
        </Dialog>
      </div>
    </>
  );
}
