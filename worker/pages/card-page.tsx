import { CardView, type CardData } from '@shared/card/card-view';
import { cardLook } from '@shared/card-look';
import type { PublicCard } from '../services/public-card';
import { Document } from './document';
import { CardHead, type OgImageMeta } from './head';

export { POWERED_BY, PRIVATE_OWNER_NOTICE } from '@shared/card/card-view';

/**
 * The public card's page: the document (head, inline CSS, palette, island) around the one card
 * component (shared/card/card-view.tsx), readable and clickable without JavaScript. `notice` is a
 * line above the card for its owner (the private-card banner).
 */
export function CardPage({
  card,
  url,
  og,
  notice,
}: {
  card: PublicCard;
  url: string;
  og: OgImageMeta;
  notice?: string;
}) {
  const look = cardLook(card);
  return (
    <Document head={<CardHead card={card} url={url} accent={look.accent} og={og} />} colours={look} island>
      <CardView card={card satisfies CardData} url={url} {...(notice ? { notice } : {})} />
    </Document>
  );
}
