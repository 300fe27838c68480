import type { SeedTheme } from './seed';
import type { ButtonShape, ButtonStyle, GradientDirection, Pattern } from '@shared/looks';

// The presets designed with button styles, gradients and patterns (docs/product.md §2), written by
// migration 0019 (migrations/0019_theme_looks.sql) and not by the seed: the seed runs on the
// schemas of earlier releases too, which have no columns for them. A test holds the migration's
// rows to this list.

export type DesignedTheme = SeedTheme & {
  button_style: ButtonStyle;
  button_shape: ButtonShape;
  gradient_color: string | null;
  gradient_direction: GradientDirection | null;
  pattern: Pattern;
};

export const DESIGNED_THEMES: DesignedTheme[] = [
  {
    // Photo-led: quiet stone greys and floating buttons leave the photo to speak.
    id: 11,
    name: 'Portrait',
    background_color: '#f5f5f4',
    text_color: '#1c1917',
    accent_color: '#44403c',
    font_family: 'DM Sans, sans-serif',
    background_image: null,
    is_default: false,
    button_style: 'soft_shadow',
    button_shape: 'rounded',
    gradient_color: '#e7e5e4',
    gradient_direction: 'down',
    pattern: 'none',
  },
  {
    // Logo-led: a white sheet on a faint grid, square outlined buttons in a brand blue.
    id: 12,
    name: 'Letterhead',
    background_color: '#ffffff',
    text_color: '#0f172a',
    accent_color: '#1d4ed8',
    font_family: 'Work Sans, sans-serif',
    background_image: null,
    is_default: false,
    button_style: 'outline',
    button_shape: 'square',
    gradient_color: null,
    gradient_direction: null,
    pattern: 'grid',
  },
  {
    // Minimal: black on white, thin pill outlines, nothing else.
    id: 13,
    name: 'Paper',
    background_color: '#ffffff',
    text_color: '#18181b',
    accent_color: '#18181b',
    font_family: 'Inter, sans-serif',
    background_image: null,
    is_default: false,
    button_style: 'outline',
    button_shape: 'pill',
    gradient_color: null,
    gradient_direction: null,
    pattern: 'none',
  },
  {
    // Bold: yellow with dots, black hard_shadowed blocks.
    id: 14,
    name: 'Headline',
    background_color: '#facc15',
    text_color: '#0a0a0a',
    accent_color: '#0a0a0a',
    font_family: 'Poppins, sans-serif',
    background_image: null,
    is_default: false,
    button_style: 'hard_shadow',
    button_shape: 'square',
    gradient_color: null,
    gradient_direction: null,
    pattern: 'dots',
  },
  {
    // Indigo into teal, filled pink pills.
    id: 15,
    name: 'Aurora',
    background_color: '#312e81',
    text_color: '#f8fafc',
    accent_color: '#f0abfc',
    font_family: 'Rubik, sans-serif',
    background_image: null,
    is_default: false,
    button_style: 'fill',
    button_shape: 'pill',
    gradient_color: '#134e4a',
    gradient_direction: 'diagonal',
    pattern: 'none',
  },
  {
    // Night blues with waves, floating pills in sky blue.
    id: 16,
    name: 'Night Waves',
    background_color: '#0f172a',
    text_color: '#e2e8f0',
    accent_color: '#38bdf8',
    font_family: 'Nunito, sans-serif',
    background_image: null,
    is_default: false,
    button_style: 'soft_shadow',
    button_shape: 'pill',
    gradient_color: '#1e1b4b',
    gradient_direction: 'down',
    pattern: 'waves',
  },
  {
    // A drawing office's blue and grid, square outlines.
    id: 17,
    name: 'Blueprint',
    background_color: '#1e3a8a',
    text_color: '#eff6ff',
    accent_color: '#bfdbfe',
    font_family: 'Mulish, sans-serif',
    background_image: null,
    is_default: false,
    button_style: 'outline',
    button_shape: 'square',
    gradient_color: null,
    gradient_direction: null,
    pattern: 'grid',
  },
  {
    // Warm clay, a glow from the top, fine diagonal lines, filled buttons in a serif.
    id: 18,
    name: 'Terracotta',
    background_color: '#fff7ed',
    text_color: '#431407',
    accent_color: '#c2410c',
    font_family: 'Merriweather, serif',
    background_image: null,
    is_default: false,
    button_style: 'fill',
    button_shape: 'rounded',
    gradient_color: '#fed7aa',
    gradient_direction: 'radial',
    pattern: 'diagonal',
  },
];
