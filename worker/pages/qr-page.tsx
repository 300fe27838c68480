import type { PublicCard } from '../services/public-card';
import { Document } from './document';
import { safeImage } from '@shared/card/safe-url';
import { cardLook } from '@shared/card-look';
import { tFor } from '../lib/i18n';
import { BackToCard } from './back-to-card';

/**
 * /qr/{username}, the public card's Fullscreen option: the island draws the QR panel (code,
 * caption, swatches, download) into #qr-root, exactly as in the card's 'Show QR code' modal,
 * in the card's language.
 */
export function QrPage({ card, url }: { card: PublicCard; url: string }) {
  const look = cardLook(card);
  const t = tFor(card.language);
  return (
    <Document
      head={<title>{t('page.qr_title', { handle: `@${card.username}` })}</title>}
      colours={look}
      language={card.language}
      island
      noindex
    >
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
          <p>{t('page.qr_noscript')}</p>
        </noscript>
        <BackToCard t={t} username={card.username} className="btn" />
      </main>
    </Document>
  );
}
