import type { Theme, User } from '@shared/types';

/** A signed-in user as GET /v1/user/profile answers it: Jane, with no picture, theme or template. */
export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    name: 'Jane Doe',
    username: 'jane',
    email: 'jane@example.com',
    bio: '',
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
    created_at: null,
    last_viewed_at: null,
    ...overrides,
  };
}

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
