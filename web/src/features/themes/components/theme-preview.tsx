import type { CardData } from '@shared/card/card-view';
import { iconPath } from '@shared/platforms';
import type { CustomTheme } from '@shared/types';
import { CardPreview } from '@/components/card-preview';

const SAMPLE_LINKS: CardData['links'] = [
  { id: -1, title: 'My Website', url: 'https://example.com/', icon: iconPath('website') },
  { id: -2, title: 'GitHub', url: 'https://github.com/', icon: iconPath('github') },
];

/**
 * The owner's card in the theme being edited, drawn by the card itself (components/card-preview):
 * their name, photo and links (sample links while they have none). The colours go through the
 * card's own resolution, so a half-typed value shows the fallback.
 */
export function ThemePreview({
  theme,
  name,
  username,
  avatar,
  links = [],
}: {
  theme: CustomTheme;
  name: string;
  username: string;
  avatar: string | null;
  links?: CardData['links'];
}) {
  const card: CardData = {
    name: name || 'Your Name',
    username: username || 'username',
    bio: '',
    avatar_url: avatar,
    cover_image_url: null,
    links: links.length > 0 ? links : SAMPLE_LINKS,
    custom_theme: theme,
    theme: null,
    template: null,
  };
  return (
    <CardPreview
      card={card}
      label="Theme preview"
      className="mx-auto h-[28rem] w-full max-w-xs overflow-y-auto rounded-2xl border border-slate-200 shadow-sm dark:border-slate-700"
    />
  );
}
