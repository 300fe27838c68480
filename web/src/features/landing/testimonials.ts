// The landing page's static testimonials (docs/product.md §1 and §3: quote, name, title, image,
// colour blue or purple, keywords). The people are illustrative; their pictures are initials
// drawn here as SVG so the page loads nothing from outside services.

export type Testimonial = {
  quote: string;
  name: string;
  title: string;
  image: string;
  color: 'blue' | 'purple';
  keywords: string[];
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
    title: 'Frontend Engineer',
    color: 'blue',
    keywords: ['Conferences', 'QR code', 'Networking'],
    quote:
      'At meetups I used to spell out my GitHub handle three times. Now people scan my card and **everything is in one place** before the talk even starts.',
  }),
  entry({
    name: 'Daniel Okafor',
    title: 'Freelance Product Designer',
    color: 'purple',
    keywords: ['Templates', 'Portfolio', 'Custom theme'],
    quote:
      'I matched the card to my brand colours in a few minutes. Clients tell me it **looks like a tiny portfolio**, not a list of links.',
  }),
  entry({
    name: 'Sofia Marquez',
    title: 'Developer Advocate',
    color: 'blue',
    keywords: ['Analytics', 'Link clicks', 'Events'],
    quote:
      'After each event I check the statistics. Seeing **which links people actually open** helps me decide what to put first.',
  }),
];

/** Splits a quote on **bold** markers: odd parts are bold. */
export const quoteParts = (quote: string) => quote.split('**');
