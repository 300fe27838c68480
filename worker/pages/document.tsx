import type { CSSProperties, ReactNode } from 'react';
import { CARD_CSS } from '@shared/card/card-css';
import { imageVars } from '@shared/backdrop';
import { paletteVars, type PageColours } from '@shared/card-look';
import { PUBLIC_FALLBACK_BACKGROUND } from '@shared/constants';
import { fontFaceCss } from '@shared/fonts';
import { DEFAULT_LANGUAGE, directionOf, type Language } from '@shared/i18n/languages';
import { SCREEN_CSS } from './screen-css';

/** The island's stable path (vite.config.ts emits it there); a module script never blocks the paint. */
export const ISLAND_SRC = '/card/island.js';

export type { PageColours };

/**
 * The private and missing card screens wear no one's theme. Their accent is a shade darker than
 * a card's fallback (#3b82f6): white on it, and it on white, read at 5.2:1 (WCAG AA), not 3.7:1.
 * They follow the visitor's light or dark preference, as the app's own screens do.
 */
const NEUTRAL_COLOURS: PageColours = {
  accent: '#2563eb',
  background: PUBLIC_FALLBACK_BACKGROUND,
  text: '#111827',
  font: 'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif',
};
const NEUTRAL_DARK: PageColours = { ...NEUTRAL_COLOURS, accent: '#60a5fa', background: '#0f172a', text: '#e2e8f0' };

const declarations = (vars: Record<string, string>) =>
  Object.entries(vars)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');

/** The neutral palette as CSS, light and dark: constant, and on the status screens only. */
const NEUTRAL_CSS =
  `body{${declarations(paletteVars(NEUTRAL_COLOURS))}}` +
  `@media (prefers-color-scheme:dark){body{${declarations(paletteVars(NEUTRAL_DARK))}}}`;

/** The HTML shell of every edge-rendered page: head, inline CSS, body, optional island. */
export function Document(props: {
  head: ReactNode;
  /** A card's palette, or 'neutral' for the screens that wear no one's theme. */
  colours: PageColours | 'neutral';
  island?: boolean;
  noindex?: boolean;
  /** What the page speaks (docs/product.md §8, Languages): `lang`, and `dir="rtl"` for Arabic. */
  language?: Language;
  children: ReactNode;
}) {
  const language = props.language ?? DEFAULT_LANGUAGE;
  const neutral = props.colours === 'neutral';
  const palette = props.colours === 'neutral' ? NEUTRAL_COLOURS : props.colours;
  return (
    <html lang={language} dir={directionOf(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        {props.noindex ? <meta name="robots" content="noindex" /> : null}
        {props.head}
        <link rel="icon" href="data:," />
        {neutral ? <meta name="color-scheme" content="light dark" /> : null}
        <style dangerouslySetInnerHTML={{ __html: CARD_CSS + SCREEN_CSS + fontFaceCss(palette.font) }} />
        {neutral ? <style dangerouslySetInnerHTML={{ __html: NEUTRAL_CSS }} /> : null}
      </head>
      {/* The neutral screens take their palette from NEUTRAL_CSS, light or dark; a card from here. */}
      <body style={neutral ? undefined : (paletteVars(palette, imageVars) as CSSProperties)}>
        {props.children}
        {props.island ? <script type="module" src={ISLAND_SRC} /> : null}
      </body>
    </html>
  );
}
