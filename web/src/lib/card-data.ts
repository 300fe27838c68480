import type { CardData } from '@shared/card/card-view';
import { isShownAt } from '@shared/link-schedule';
import type { Link, User } from '@shared/types';

const scheduleOf = (link: Link) => ({
  startsAt: link.starts_at ? Date.parse(link.starts_at) : null,
  endsAt: link.ends_at ? Date.parse(link.ends_at) : null,
});

/**
 * The card a visitor would see for this user and these links, with the editor's unsaved values
 * laid over it: what the dashboard's preview draws.
 */
export function cardDataOf(
  user: User,
  links: Link[],
  draft: Partial<CardData> = {},
  /**
   * The Links screen's words for a scheduled link's state ('Starts 12 Dec, 09:00'): with them the
   * preview keeps a link that is not on the card now, marked so; without them it shows what a
   * visitor sees now.
   */
  scheduleNote?: (link: Link) => string | null,
): CardData {
  const now = Date.now();
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
      .filter((link) => link.is_active && (scheduleNote !== undefined || isShownAt(scheduleOf(link), now)))
      .sort((a, b) => a.display_order - b.display_order || a.id - b.id)
      .map((link) => {
        const { id, title, url, icon, kind, display, highlight, sensitive } = link;
        const note = scheduleNote?.(link);
        // Only what differs from a plain button, as the public card's answer has it.
        return {
          id,
          title,
          url,
          icon,
          ...(kind === 'header' ? { kind } : {}),
          ...(display && display !== 'button' ? { display } : {}),
          ...(highlight ? { highlight } : {}),
          ...(sensitive ? { sensitive } : {}),
          ...(note ? { note } : {}),
        };
      }),
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
