// The landing page's static testimonials (docs/product.md §1 and §3: quote, name, title, image,
// colour blue or purple, keywords). The people are illustrative; their pictures are initials
// drawn here as SVG so the page loads nothing from outside services.

import type { AreaKeys } from '@shared/i18n/compiled/keys';

type Key = AreaKeys['landing'];

/** Each testimonial's words are keys of the landing catalogue; the names are the people's own. */
export type Testimonial = {
  quote: Key;
  name: string;
  title: Key;
  image: string;
  color: 'blue' | 'purple';
  keywords: Key[];
};

const FILL = { blue: '#2563eb', purple: '#7c3aed' } as const;

/** A round avatar with up to two initials, as an SVG data URI. */
export function initialsImage(name: string, color: Testimonial['color']) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="${FILL[color]}"/><text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="Inter, Arial, sans-serif" font-size="36" font-weight="600" fill="#fff">${initials}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

const entry = (t: Omit<Testimonial, 'image'>): Testimonial => ({ ...t, image: initialsImage(t.name, t.color) });

export const TESTIMONIALS: Testimonial[] = [
  entry({
    name: 'Maya Chen',
    title: 'landing.maya_title',
    color: 'blue',
    keywords: ['landing.kw_conferences', 'landing.kw_qr_code', 'landing.kw_networking'],
    quote: 'landing.maya_quote',
  }),
  entry({
    name: 'Daniel Okafor',
    title: 'landing.daniel_title',
    color: 'purple',
    keywords: ['landing.kw_templates', 'landing.kw_portfolio', 'landing.kw_custom_theme'],
    quote: 'landing.daniel_quote',
  }),
  entry({
    name: 'Sofia Marquez',
    title: 'landing.sofia_title',
    color: 'blue',
    keywords: ['landing.kw_analytics', 'landing.kw_link_clicks', 'landing.kw_events'],
    quote: 'landing.sofia_quote',
  }),
];

/** Splits a quote on **bold** markers: odd parts are bold. */
export const quoteParts = (quote: string) => quote.split('**');
