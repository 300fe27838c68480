import type { CardData } from '@shared/card/card-view';
import { iconPath } from '@shared/platforms';

const SAMPLE_LINKS: CardData['links'] = [
  { id: -1, title: 'My Website', url: 'https://example.com/', icon: iconPath('website') },
  { id: -2, title: 'GitHub', url: 'https://github.com/', icon: iconPath('github') },
];

/**
 * The owner's card in the theme being edited, for the screen's preview: with sample links while
 * they have none, so the link colours can be judged.
 */
export const withSampleLinks = (card: CardData): CardData =>
  card.links.length > 0 ? card : { ...card, links: SAMPLE_LINKS };
