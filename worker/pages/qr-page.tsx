import type { PublicCard } from '../services/public-card';
import { Document } from './document';
import { safeImage } from '@shared/card/safe-url';
import { cardLook } from '@shared/card-look';

/**
 * /qr/{username}, the public card's Fullscreen option: the island draws the QR panel (code,
 * caption, swatches, download) into #qr-root, exactly as in the card's 'Show QR code' modal.
 */
export function QrPage({ card, url }: { card: PublicCard; url: string }) {
  const look = cardLook(card);
  return (
    <Document head={<title>{`QR code for @${card.username}`}</title>} colours={look} island noindex>
      <main
        className="qr"
        id="qr-page"
        data-username={card.username}
        data-name={card.name}
        data-avatar={safeImage(card.avatar_url) ?? ''}
        data-accent={look.accent}
        data-background={look.background}
        data-url={url}
      >
        <div id="qr-root" />
        <noscript>
          <p>Drawing the QR code needs JavaScript.</p>
        </noscript>
        <a className="btn" href={`/p/${card.username}`}>
          {`Back to @${card.username}`}
        </a>
      </main>
    </Document>
  );
}
