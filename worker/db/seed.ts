import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { templates } from './schema';
import type { Db } from './types';

// The catalogue every card chooses from: preset themes and templates. Inserted where missing on
// every start (scripts/start.ts), on deploy, and before the tests; ids are stable so a card's
// choice survives a re-seed. A row that exists is never overwritten: an operator may have edited
// it. A change to a shipped row goes out as a migration (docs/development.md). Node loads this file too (scripts/lib.ts renders the
// statements to SQL text), so it imports nothing beyond the schema.

export type SeedTheme = {
  id: number;
  name: string;
  background_color: string;
  text_color: string;
  accent_color: string;
  font_family: string;
  background_image: string | null;
  is_default: boolean;
};

export type SeedTemplate = {
  id: number;
  slug: string;
  name: string;
  description: string;
  config: { layout: 'single-column' | 'two-column'; showAvatar: boolean; avatarPosition: 'center' | 'left' | 'right' };
};

export const SEED_THEMES: SeedTheme[] = [
  {
    id: 1,
    name: 'Classic Light',
    background_color: '#ffffff',
    text_color: '#111827',
    accent_color: '#2563eb',
    font_family: 'Inter, sans-serif',
    background_image: null,
    is_default: true,
  },
  {
    id: 2,
    name: 'Midnight',
    background_color: '#0f172a',
    text_color: '#e2e8f0',
    accent_color: '#38bdf8',
    font_family: 'DM Sans, sans-serif',
    background_image: null,
    is_default: false,
  },
  {
    id: 3,
    name: 'Ocean Breeze',
    background_color: '#ecfeff',
    text_color: '#164e63',
    accent_color: '#0891b2',
    font_family: 'Nunito, sans-serif',
    background_image: null,
    is_default: false,
  },
  {
    id: 4,
    name: 'Forest',
    background_color: '#f0fdf4',
    text_color: '#14532d',
    accent_color: '#15803d',
    font_family: 'Work Sans, sans-serif',
    background_image: null,
    is_default: false,
  },
  {
    id: 5,
    name: 'Sunset',
    background_color: '#fff7ed',
    text_color: '#7c2d12',
    accent_color: '#ea580c',
    font_family: 'Poppins, sans-serif',
    background_image: null,
    is_default: false,
  },
  {
    id: 6,
    name: 'Lavender',
    background_color: '#faf5ff',
    text_color: '#4c1d95',
    accent_color: '#7c3aed',
    font_family: 'Quicksand, sans-serif',
    background_image: null,
    is_default: false,
  },
  {
    id: 7,
    name: 'Monochrome',
    background_color: '#18181b',
    text_color: '#fafafa',
    accent_color: '#a1a1aa',
    font_family: 'Rubik, sans-serif',
    background_image: null,
    is_default: false,
  },
  {
    id: 8,
    name: 'Rose Garden',
    background_color: '#fff1f2',
    text_color: '#881337',
    accent_color: '#e11d48',
    font_family: 'Raleway, sans-serif',
    background_image: null,
    is_default: false,
  },
  {
    id: 9,
    name: 'Editorial',
    background_color: '#fbf8f1',
    text_color: '#292524',
    accent_color: '#b45309',
    font_family: 'Merriweather, serif',
    background_image: null,
    is_default: false,
  },
  {
    id: 10,
    name: 'Mint Fresh',
    background_color: '#f0fdfa',
    text_color: '#134e4a',
    accent_color: '#0d9488',
    font_family: 'Mulish, sans-serif',
    background_image: null,
    is_default: false,
  },
];

export const SEED_TEMPLATES: SeedTemplate[] = [
  {
    id: 1,
    slug: 'classic',
    name: 'Classic',
    description: 'A centred card: avatar, name and bio on top, your links stacked below.',
    config: { layout: 'single-column', showAvatar: true, avatarPosition: 'center' },
  },
  {
    id: 2,
    slug: 'minimal',
    name: 'Minimal',
    description: 'Just your name and links, no photo: quiet and quick to read.',
    config: { layout: 'single-column', showAvatar: false, avatarPosition: 'center' },
  },
  {
    id: 3,
    slug: 'professional',
    name: 'Professional',
    description: 'Two columns: who you are on the left, your links on the right.',
    config: { layout: 'two-column', showAvatar: true, avatarPosition: 'left' },
  },
  {
    id: 4,
    slug: 'spotlight',
    name: 'Spotlight',
    description: 'One column with your photo, name and bio aligned to the left.',
    config: { layout: 'single-column', showAvatar: true, avatarPosition: 'left' },
  },
  {
    id: 5,
    slug: 'portfolio',
    name: 'Portfolio',
    description: 'Two columns: your profile centred in the narrow one, your links in the wide one.',
    config: { layout: 'two-column', showAvatar: true, avatarPosition: 'center' },
  },
  {
    id: 6,
    slug: 'mirror',
    name: 'Mirror',
    description: 'Two columns mirrored: your links on the left, who you are on the right.',
    config: { layout: 'two-column', showAvatar: true, avatarPosition: 'right' },
  },
  {
    id: 7,
    slug: 'compact',
    name: 'Compact',
    description: 'One column, right-aligned: your photo, name and bio against the right edge, your links below.',
    config: { layout: 'single-column', showAvatar: true, avatarPosition: 'right' },
  },
];

export const templateThumbnailPath = (slug: string) => `/templates/${slug}.svg`;

/**
 * The columns of `themes` every release's schema has: the seed names only these, so it also runs on
 * a database an earlier release migrated (the presets with buttons, gradients and patterns are
 * migration 0019's, worker/db/designed-themes.ts).
 */
const seededThemes = sqliteTable('themes', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  backgroundColor: text('background_color').notNull(),
  textColor: text('text_color').notNull(),
  accentColor: text('accent_color').notNull(),
  fontFamily: text('font_family').notNull(),
  backgroundImage: text('background_image'),
  isDefault: integer('is_default', { mode: 'boolean' }).notNull(),
});

/** The statements that insert the catalogue's missing rows; safe to run any number of times. */
export function seedQueries(db: Db) {
  const themeRows = SEED_THEMES.map((t) => {
    const row = {
      name: t.name,
      backgroundColor: t.background_color,
      textColor: t.text_color,
      accentColor: t.accent_color,
      fontFamily: t.font_family,
      backgroundImage: t.background_image,
      isDefault: t.is_default,
    };
    return db
      .insert(seededThemes)
      .values({ id: t.id, ...row })
      .onConflictDoNothing({ target: seededThemes.id });
  });
  const templateRows = SEED_TEMPLATES.map((t) => {
    const row = {
      name: t.name,
      description: t.description,
      thumbnailUrl: templateThumbnailPath(t.slug),
      config: t.config,
    };
    return db
      .insert(templates)
      .values({ id: t.id, ...row })
      .onConflictDoNothing({ target: templates.id });
  });
  return [...themeRows, ...templateRows];
}
