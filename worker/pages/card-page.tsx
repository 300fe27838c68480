import { CardView, type CardData } from '@shared/card/card-view';
import { playerOf } from '@shared/players';
import { cardLook } from '@shared/card-look';
import type { PublicCard } from '../services/public-card';
import { tFor } from '../lib/i18n';
import { cardWords } from './card-words';
import { Document } from './document';
import { CardHead, type OgImageMeta } from './head';

export { POWERED_BY } from '@shared/card/card-view';

/**
 * The public card's page: the document (head, inline CSS, palette, island) around the one card
 * component (shared/card/card-view.tsx), readable and clickable without JavaScript, in the card's
 * language. `ownerNotice` puts the private-card banner above it, for its owner.
 */
export function CardPage({
  card,
  url,
  og,
  notice,
  ownerNotice = false,
}: {
  card: PublicCard;
  url: string;
  og: OgImageMeta;
  /** A line above the card, as given (the operator's banner, in the console's English). */
  notice?: string;
  ownerNotice?: boolean;
}) {
  const look = cardLook(card);
  const t = tFor(card.language);
  const head = <CardHead card={card} url={url} accent={look.accent} og={og} t={t} />;
  return (
    <Document head={head} colours={look} language={card.language} island>
      <CardView
        card={card satisfies CardData}
        url={url}
        words={cardWords(t)}
        players={playerOf}
        {...(ownerNotice ? { notice: t('card.private_notice') } : notice ? { notice } : {})}
      />
    </Document>
  );
}
