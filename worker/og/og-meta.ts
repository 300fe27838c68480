import type { PublicCard } from '../services/public-card';
import { tFor } from '../lib/i18n';

// Named apart from the renderer, so the card's page names its image without loading the engines.

/** The image's address for a card version: a new version is a new URL, so previews refresh. */
export const ogImageUrl = (cardUrl: string, version: string) => `${cardUrl}/og.png?v=${version}`;

/** What the og:image:alt and twitter:image:alt say. */
export const ogImageAlt = (card: Pick<PublicCard, 'name' | 'username' | 'language'>) =>
  tFor(card.language)('card.og_alt', { name: card.name, handle: `@${card.username}` });
