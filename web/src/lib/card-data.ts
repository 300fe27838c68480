import type { CardData } from '@shared/card/card-view';
import type { Link, User } from '@shared/types';

/**
 * The card a visitor would see for this user and these links, with the editor's unsaved values
 * laid over it: what the dashboard's preview draws.
 */
export function cardDataOf(user: User, links: Link[], draft: Partial<CardData> = {}): CardData {
  return {
    name: user.name,
    username: user.username,
    bio: user.bio ?? '',
    job_title: user.job_title,
    company: user.company,
    phone: user.phone,
    phone_display: user.phone_display,
    public_email: user.public_email,
    location: user.location,
    pronouns: user.pronouns,
    avatar_url: user.avatar_url ?? user.avatar,
    cover_image_url: user.cover_image_url,
    logo_url: user.logo_url,
    contact_exchange: user.contact_exchange ?? false,
    links: [...links]
      .filter((link) => link.is_active)
      .sort((a, b) => a.display_order - b.display_order || a.id - b.id)
      .map(({ id, title, url, icon, thumbnail_url, display }) => ({ id, title, url, icon, thumbnail_url, display })),
    custom_theme: user.custom_theme,
    // The upload's tones: the preview judges the text on the image as the card will.
    background_tones: user.background_tones,
    theme: user.theme,
    template: user.template,
    ...draft,
    // A number being typed is shown as typed.
    ...(draft.phone !== undefined ? { phone_display: draft.phone } : {}),
  };
}
