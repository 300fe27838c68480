import type { Link, Theme, User } from '@shared/types';

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
    theme_id: null,
    theme: null,
    custom_theme: null,
    template_id: null,
    template: null,
    views: 0,
    contact_exchange: false,
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
export const aLink = (link: Omit<Link, 'clicks' | 'created_at' | 'updated_at'> & Partial<Link>): Link => ({
  clicks: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...link,
});

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
