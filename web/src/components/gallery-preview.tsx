import type { BusinessLines } from '@shared/card/card-business';
import type { CardData } from '@shared/card/card-view';
import { cn } from '@/lib/cn';
import { ScaledPreview } from './scaled-preview';

/** How many of the owner's links a gallery's tile shows: enough to judge them, few to draw. */
const TILE_LINKS = 3;

/** The business lines left out of a small tile (listed here: their schema would bring zod along). */
const NO_LINES: Record<keyof BusinessLines, undefined> = {
  job_title: undefined,
  company: undefined,
  phone: undefined,
  phone_display: undefined,
  public_email: undefined,
  location: undefined,
  pronouns: undefined,
};

/**
 * The owner's own card, as a gallery's tile shows it with the look it offers (a preset, a
 * template): drawn by the preview's component, so a look's every field shows as the card will
 * show it. `layout: 'phone'` keeps the photo, name and first links and leaves out the cover and
 * the longer lines, so they fit a small tile; `layout: 'desktop'` draws the whole card at a
 * desktop's width, where a template's columns show. Decorative: the tile's own words name it. It
 * asks the network for nothing the screen's preview has not already: the same photo, icons and
 * fonts the browser has fetched once (a preset's font is fetched once for all its tiles).
 */
export function GalleryPreview({
  card,
  layout,
  className,
}: {
  card: CardData;
  layout: 'phone' | 'desktop';
  className?: string;
}) {
  const links = card.links.slice(0, TILE_LINKS);
  const shown: CardData =
    layout === 'phone' ? { ...card, ...NO_LINES, links, cover_image_url: null, bio: '' } : { ...card, links };
  return (
    <ScaledPreview
      card={shown}
      width={layout === 'phone' ? 320 : 800}
      scrolls={false}
      decorative
      className={cn('pointer-events-none', className)}
    />
  );
}
