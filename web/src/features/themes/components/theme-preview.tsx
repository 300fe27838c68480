import type { CardData } from '@shared/card/card-view';
import { iconPath } from '@shared/platforms';
import { words } from '@/lib/i18n';

const t = words('looks');

const sampleLinks = (): CardData['links'] => [
  { id: -1, title: t('looks.sample_website'), url: 'https://example.com/', icon: iconPath('website') },
  { id: -2, title: 'GitHub', url: 'https://github.com/', icon: iconPath('github') },
];

/**
 * The owner's card in the theme being edited, for the screen's preview: with sample links while
 * they have none, so the link colours can be judged.
 */
export const withSampleLinks = (card: CardData): CardData =>
  card.links.length > 0 ? card : { ...card, links: sampleLinks() };
