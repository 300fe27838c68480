import { useLayoutEffect, useRef, useState } from 'react';
import type { CardData } from '@shared/card/card-view';
import { cardLook } from '@shared/card-look';
import { cn } from '@/lib/cn';
import { CardPreview, FOCUS_RING } from './card-preview';

type Size = { frameWidth: number; frameHeight: number; cardHeight: number };

/**
 * The card laid out at `width` CSS pixels (a desktop's, say, where two-column templates show two
 * columns) and scaled down to its frame's width. A transform leaves the layout's height unscaled,
 * so the frame is given the scaled height by measure, and the card's background stretched over a
 * frame taller than the card: no small card above an empty block. `scrolls` lets the frame scroll
 * through the card (a preview); without it the frame shows the card's top (a gallery's tile).
 */
export function ScaledPreview({
  card,
  width,
  className,
  scrolls = true,
  decorative = false,
  focusLinkId = null,
}: {
  card: CardData;
  width: number;
  className?: string;
  scrolls?: boolean;
  decorative?: boolean;
  focusLinkId?: number | null;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Size>({ frameWidth: 0, frameHeight: 0, cardHeight: 0 });
  useLayoutEffect(() => {
    const outer = frame.current;
    const drawn = inner.current;
    if (!outer || !drawn) return;
    const measure = () => {
      const next = { frameWidth: outer.clientWidth, frameHeight: outer.clientHeight, cardHeight: drawn.offsetHeight };
      setSize((last) =>
        last.frameWidth === next.frameWidth &&
        last.frameHeight === next.frameHeight &&
        last.cardHeight === next.cardHeight
          ? last
          : next,
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(outer);
    observer.observe(drawn);
    return () => observer.disconnect();
  }, []);
  const scale = size.frameWidth > 0 ? size.frameWidth / width : 0;
  return (
    <div
      ref={frame}
      data-preview-scroll={scrolls ? '' : undefined}
      data-preview-width={width}
      // A frame that scrolls is reached by the keyboard, whose arrows then scroll it.
      tabIndex={scrolls ? 0 : undefined}
      className={cn(
        'relative overflow-x-hidden',
        scrolls ? `overflow-y-auto ${FOCUS_RING}` : 'overflow-y-hidden',
        className,
      )}
      // A scroll bar that comes and goes would change the width, so the scale, so the height.
      style={{ backgroundColor: cardLook(card).background, scrollbarGutter: scrolls ? 'stable' : undefined }}
    >
      <div style={{ height: scale ? size.cardHeight * scale : undefined }}>
        <div
          ref={inner}
          // Placed by `left` in either direction, so a right-to-left dashboard scales it in place.
          style={{
            position: 'absolute',
            left: 0,
            top: 0,
            width,
            transform: `scale(${scale || 1})`,
            transformOrigin: 'top left',
            visibility: scale ? undefined : 'hidden',
          }}
        >
          <CardPreview
            card={card}
            decorative={decorative}
            focusLinkId={focusLinkId}
            pageMinHeight={scale && size.frameHeight ? Math.ceil(size.frameHeight / scale) : undefined}
          />
        </div>
      </div>
    </div>
  );
}
