import type { PublicProfile } from '@shared/schemas/public-card';
import type { SecurityOverview } from '@shared/schemas/security';
import type { Stats } from '@shared/schemas/stats';
import type { Link, Template, Theme, User } from '@shared/types';

/** A signed-in user as GET /v1/user/profile answers it: Jane, with no picture, theme or template. */
export function aUser(overrides: Partial<User> = {}): User {
  const user: Omit<User, 'profile'> & Partial<User> = {
    id: 'u1',
    name: 'Jane Doe',
    username: 'jane',
    email: 'jane@example.com',
    bio: '',
    job_title: '',
    company: '',
    phone: '',
    phone_display: '',
    public_email: '',
    location: '',
    pronouns: '',
    is_active: true,
    status: 'active',
    avatar_url: null,
    avatar: null,
    cover_image_url: null,
    background_image_url: null,
    logo_url: null,
    background_tones: null,
    theme_id: null,
    theme: null,
    custom_theme: null,
    template_id: null,
    template: null,
    views: 0,
    contact_exchange: false,
    signature_layout: null,
    language: 'en',
    account_language: 'en',
    created_at: null,
    last_viewed_at: null,
    is_admin: false,
    takedown: null,
    ...overrides,
  };
  const { username, name, bio, avatar_url, avatar, cover_image_url, is_active } = user;
  return { profile: { username, name, bio, avatar_url, avatar, cover_image_url, is_active }, ...user };
}

/** A link as GET /v1/user/links answers it: the given fields, never clicked, made at one instant. */
type Defaulted =
  | 'clicks'
  | 'created_at'
  | 'updated_at'
  | 'kind'
  | 'display'
  | 'starts_at'
  | 'ends_at'
  | 'highlight'
  | 'sensitive'
  | 'thumbnail_url';
export const aLink = (link: Omit<Link, Defaulted> & { [K in keyof Link]?: Link[K] | undefined }): Link =>
  ({
    clicks: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    // A plain button, always shown, as every link was before headers and schedules.
    kind: 'link',
    display: 'button',
    starts_at: null,
    ends_at: null,
    highlight: false,
    sensitive: false,
    thumbnail_url: null,
    ...(Object.fromEntries(Object.entries(link).filter(([, value]) => value !== undefined)) as typeof link),
  }) as Link;

/** The seeded 'Classic' theme, the default. */
export function aTheme(overrides: Partial<Theme> = {}): Theme {
  return {
    id: 1,
    name: 'Classic',
    background_color: '#ffffff',
    text_color: '#111111',
    accent_color: '#2563eb',
    font_family: 'Inter, sans-serif',
    background_image: null,
    is_default: true,
    ...overrides,
  };
}

/** A template of the catalogue: 'Classic' (one column) or, with id 2, 'Professional' (two). */
export function aTemplate(overrides: Partial<Template> = {}): Template {
  const id = overrides.id ?? 1;
  return {
    id,
    name: id === 1 ? 'Classic' : 'Professional',
    description: 'A card',
    thumbnail_url: `/templates/${id}.svg`,
    thumbnail: `/templates/${id}.svg`,
    config: { layout: id === 1 ? 'single-column' : 'two-column', showAvatar: true, avatarPosition: 'center' },
    ...overrides,
  };
}

/** A day of GET /v1/user/stats with nothing in it. */
export const aQuietDay = (date: string): Stats['daily'][number] => ({ date, views: 0, clicks: 0, unique_visitors: 0 });

/** GET /v1/user/stats for a card nobody has seen yet: thirty empty days in January 2026. */
export function aStats(overrides: Partial<Stats> = {}): Stats {
  return {
    profile_views: 0,
    link_clicks: 0,
    conversion_rate: 0,
    links_count: 0,
    active_links_count: 0,
    unique_visitors: 0,
    last_viewed_at: null,
    contacts_submitted: 0,
    contact_rate: 0,
    contact_saves: 0,
    daily: Array.from({ length: 30 }, (_, i) => aQuietDay(`2026-01-${String(i + 1).padStart(2, '0')}`)),
    links: [],
    referrers: [],
    countries: [],
    devices: [],
    channels: [],
    ...overrides,
  };
}

/** GET /v1/user/security for Jane: a password only, no second factor, no passkeys. */
export function aSecurityOverview(overrides: Partial<SecurityOverview> = {}): SecurityOverview {
  return { email: 'jane@example.com', totp_enabled: false, recovery_codes_left: 0, passkeys: [], ...overrides };
}

/** A tiny WebP: the whole image the crop dialog starts from (GET /v1/user/profile/avatar/source). */
export const CROP_SOURCE = 'data:image/webp;base64,UklGRg==';

/** A save link as Google signs it: a JWT after the save prefix (GET /v1/user/wallet/google). */
export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/header.payload.signature';

/** A card as GET /v1/p/{username} answers any visitor: Jane's, public, with no links. */
export function aPublicCard(overrides: Partial<PublicProfile> = {}): PublicProfile {
  const { name, username, bio, job_title, company, phone, phone_display, public_email, location, pronouns } = aUser();
  return {
    ...{ name, username, bio, job_title, company, phone, phone_display, public_email, location, pronouns },
    avatar_url: null,
    avatar: null,
    cover_image_url: null,
    avatar_placeholder: null,
    cover_placeholder: null,
    logo_url: null,
    links: [],
    custom_theme: null,
    background_tones: null,
    theme: null,
    template: null,
    contact_exchange: false,
    language: 'en',
    ...overrides,
  };
}
