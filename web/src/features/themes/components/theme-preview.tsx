import type { CardData } from '@shared/card/card-view';
import { iconPath } from '@shared/platforms';
import { CardPreview } from '@/components/card-preview';

const SAMPLE_LINKS: CardData['links'] = [
  { id: -1, title: 'My Website', url: 'https://example.com/', icon: iconPath('website') },
  { id: -2, title: 'GitHub', url: 'https://github.com/', icon: iconPath('github') },
];

/**
 * The owner's card (name, photo, cover, bio, links and template) in the theme being edited, drawn
 * by the card itself (components/card-preview); sample links while they have none, so the link
 * colours can be judged. The colours go through the card's own resolution, so a half-typed value
 * shows the fallback.
 */
export function ThemePreview({ card }: { card: CardData }) {
  return (
    <CardPreview
      card={card.links.length > 0 ? card : { ...card, links: SAMPLE_LINKS }}
      label="Theme preview"
      className="mx-auto h-[28rem] w-full max-w-xs overflow-y-auto rounded-2xl border border-slate-200 shadow-sm dark:border-slate-700"
    />
  );
}
