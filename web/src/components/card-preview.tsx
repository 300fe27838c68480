import { words } from '@/lib/i18n';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { CARD_CSS } from '@shared/card/card-css';
import { CardView, type CardData } from '@shared/card/card-view';
import { cardLook, paletteVars } from '@shared/card-look';
import { cn } from '@/lib/cn';
import { fontReady, loadCardFont } from '@/lib/theme-fonts';
import type { imageVars } from '@/lib/image-veil';

const t = words('shell');

// The preview only: the page's full height would make every preview as tall as the screen. A link
// being edited is outlined for a moment once scrolled to; it pulses only where motion is welcome.
const PREVIEW_CSS =
  '.page{min-height:100%}' +
  '.links a.lit{outline:3px solid var(--a);outline-offset:2px}' +
  '@media (prefers-reduced-motion:no-preference){.links a.lit{animation:lit 1.6s ease-out}}' +
  '@keyframes lit{from{box-shadow:0 0 0 8px color-mix(in srgb,var(--a) 45%,transparent)}to{box-shadow:0 0 0 0 transparent}}';

/** The ring of a preview frame that has the keyboard's focus. */
export const FOCUS_RING = 'focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand-600';

/** How long the link scrolled to stays outlined. */
const LIT_MS = 1600;

/** The nearest preview frame that scrolls (a scaled desktop preview marks its own), else the card itself. */
const scrollerOf = (host: HTMLElement) => host.closest<HTMLElement>('[data-preview-scroll]') ?? host;

/** Brings the link into the middle of the preview's frame, moving nothing outside the frame. */
function showLink(host: HTMLElement, link: HTMLElement) {
  const box = scrollerOf(host);
  const boxRect = box.getBoundingClientRect();
  const linkRect = link.getBoundingClientRect();
  const top = box.scrollTop + linkRect.top - boxRect.top - (box.clientHeight - linkRect.height) / 2;
  const calm = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  box.scrollTo?.({ top: Math.max(0, top), behavior: calm ? 'auto' : 'smooth' });
  link.classList.add('lit');
  window.setTimeout(() => link.classList.remove('lit'), LIT_MS);
}

/**
 * The card's font as it may be drawn now: the card's own once its files have loaded, until then
 * the last one that had (so a font picked in Themes never flashes the fallback), or null before
 * any has, while the preview waits (at most FONT_WAIT_MS) rather than paint in the wrong font.
 */
function useDrawnFont(font: string) {
  const [drawn, setDrawn] = useState<string | null>(() => (fontReady(font) ? font : null));
  useEffect(() => {
    let live = true;
    void loadCardFont(font).then(() => {
      if (live) setDrawn(font);
    });
    return () => {
      live = false;
    };
  }, [font]);
  return drawn;
}

/**
 * The card as visitors will see it, drawn by the card's own component and stylesheet
 * (shared/card/) inside a shadow root, so neither the dashboard's styles nor the card's leak into
 * each other, and in the card's own font. It shows, it does not act: links and buttons are inert.
 * `focusLinkId` names a link to scroll to and outline briefly whenever it changes (the one being
 * edited or added); `decorative` hides it from assistive technology where a label beside it
 * already names what it shows (a gallery's tile); `pageMinHeight` stretches the card's background
 * over a frame taller than the card; `scrolls` makes it a frame that scrolls through the card, reached
 * by the keyboard so its arrows scroll it too.
 */
export function CardPreview({
  card,
  label = t('shell.card_preview'),
  className,
  decorative = false,
  focusLinkId = null,
  pageMinHeight,
  scrolls = false,
}: {
  card: CardData;
  label?: string;
  className?: string;
  decorative?: boolean;
  focusLinkId?: number | null;
  pageMinHeight?: number;
  scrolls?: boolean;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useLayoutEffect(() => {
    const element = host.current;
    if (element) setRoot(element.shadowRoot ?? element.attachShadow({ mode: 'open' }));
  }, []);
  const look = cardLook(card);
  const font = useDrawnFont(look.font);
  // The veil over a background image (lib/image-veil.ts) is loaded only when there is one.
  const [overImage, setOverImage] = useState<typeof imageVars>();
  const hasImage = look.backgroundImage !== null;
  useEffect(() => {
    if (hasImage && !overImage) void import('@/lib/image-veil').then((module) => setOverImage(() => module.imageVars));
  }, [hasImage, overImage]);
  const url = `${window.location.origin}/p/${card.username}`;

  // Scrolls once per link named, as soon as it is drawn: a new link appears with its first letter.
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (focusLinkId === null) shown.current = null;
    if (!root || !host.current || focusLinkId === null || shown.current === focusLinkId || font === null) return;
    const link = root.querySelector<HTMLElement>(`[data-preview-link="${focusLinkId}"]`);
    if (!link) return;
    shown.current = focusLinkId;
    showLink(host.current, link);
  });

  const a11y = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label };
  return (
    <div
      ref={host}
      {...a11y}
      tabIndex={scrolls ? 0 : undefined}
      className={cn('block', scrolls ? `overflow-y-auto ${FOCUS_RING}` : 'overflow-hidden', className)}
    >
      {root &&
        createPortal(
          <>
            <style>{CARD_CSS + PREVIEW_CSS}</style>
            <div
              className="page"
              style={{
                ...paletteVars({ ...look, font: font ?? look.font }, overImage),
                ...(font === null ? { visibility: 'hidden' } : {}),
                ...(pageMinHeight ? { minHeight: pageMinHeight } : {}),
              }}
              inert
            >
              <CardView card={card} url={url} preview />
            </div>
          </>,
          root,
        )}
    </div>
  );
}
