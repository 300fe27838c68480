import { words } from '@/lib/i18n';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { CARD_CSS } from '@shared/card/card-css';
import { CardView, type CardData } from '@shared/card/card-view';
import { cardLook, paletteVars } from '@shared/card-look';
import { cn } from '@/lib/cn';
import type { imageVars } from '@/lib/image-veil';

const t = words('shell');

// The preview only: the page's full height would make every preview as tall as the screen.
const PREVIEW_CSS = '.page{min-height:100%}';

/**
 * The card as visitors will see it, drawn by the card's own component and stylesheet
 * (shared/card/) inside a shadow root, so neither the dashboard's styles nor the card's leak into
 * each other. It shows, it does not act: links and buttons are inert.
 */
export function CardPreview({
  card,
  label = t('shell.card_preview'),
  className,
}: {
  card: CardData;
  label?: string;
  className?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useLayoutEffect(() => {
    const element = host.current;
    if (element) setRoot(element.shadowRoot ?? element.attachShadow({ mode: 'open' }));
  }, []);
  const look = cardLook(card);
  // The veil over a background image (lib/image-veil.ts) is loaded only when there is one.
  const [overImage, setOverImage] = useState<typeof imageVars>();
  const hasImage = look.backgroundImage !== null;
  useEffect(() => {
    if (hasImage && !overImage) void import('@/lib/image-veil').then((module) => setOverImage(() => module.imageVars));
  }, [hasImage, overImage]);
  const url = `${window.location.origin}/p/${card.username}`;
  return (
    <div ref={host} role="img" aria-label={label} className={cn('block overflow-hidden', className)}>
      {root &&
        createPortal(
          <>
            <style>{CARD_CSS + PREVIEW_CSS}</style>
            <div className="page" style={paletteVars(look, overImage)} inert>
              <CardView card={card} url={url} preview />
            </div>
          </>,
          root,
        )}
    </div>
  );
}
