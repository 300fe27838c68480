// A theme's gradient and pattern as the card's background layers (card/card-css.ts reads --grad,
// --pat, --ps and the pattern ink --pi), and every colour text is drawn on over them, for the
// contrast guard and the derived inks (shared/colour.ts). Apart from looks.ts, whose choices the
// request schemas import, so that every screen that validates does not load this.
import { contrast, longHex, mix, MIN_CONTRAST } from './colour';
import type { Gradient, GradientDirection, Pattern } from './looks';

/** A linear gradient's angle; 'radial' glows from the top centre instead. */
const ANGLES: Record<Exclude<GradientDirection, 'radial'>, number> = { down: 180, diagonal: 135, across: 90 };

const gradientCss = (from: string, { colour, direction }: Gradient) =>
  direction === 'radial'
    ? `radial-gradient(circle at 50% 0,${colour},${from} 75%)`
    : `linear-gradient(${ANGLES[direction]}deg,${from},${colour})`;

/**
 * Each pattern is one background layer drawn in the pattern ink (--pi) and its tile size: pure
 * CSS, so the card makes no request for it and its weight stays the same.
 */
const PATTERN_CSS: Record<Exclude<Pattern, 'none'>, { image: string; size: string }> = {
  dots: { image: 'radial-gradient(var(--pi) 1.5px,transparent 2px)', size: '18px 18px' },
  grid: { image: 'conic-gradient(from 90deg at 1px 1px,transparent 90deg,var(--pi) 0)', size: '24px 24px' },
  diagonal: { image: 'repeating-linear-gradient(45deg,var(--pi) 0 1px,transparent 1px 12px)', size: 'auto' },
  waves: {
    image: 'radial-gradient(circle at 50% 100%,transparent 9px,var(--pi) 9.5px 10.5px,transparent 11px)',
    size: '24px 12px',
  },
};

/**
 * The colours text sits on: the background, and for a gradient the colours it passes through
 * (sampled, since a blend of two colours can be darker or lighter than either end).
 */
export function backgroundSamples(background: string, gradient: Gradient | null): string[] {
  if (!gradient) return [background];
  return Array.from({ length: 11 }, (_, step) => mix(background, gradient.colour, step / 10));
}

/** How much of the text colour the pattern's ink carries, at most: a texture, never a figure. */
const PATTERN_SHARES = [0.1, 0.08, 0.06, 0.04, 0.02];

/**
 * The pattern's ink: the text colour at the largest of a few low alphas that keeps text at 4.5:1
 * wherever a line of the pattern crosses it (the ink blended over every background sample).
 * Where none does, the faintest, and the editor's guard (which measures the same surfaces) asks
 * for a text colour that reads on it.
 */
export function patternShare(text: string, samples: string[]): number {
  return (
    PATTERN_SHARES.find((share) =>
      samples.every((sample) => contrast(text, mix(sample, text, share)) >= MIN_CONTRAST),
    ) ?? PATTERN_SHARES.at(-1)!
  );
}

/** Every colour text is drawn on: the background samples, and each with the pattern's ink over it. */
export function surfaces(text: string, background: string, gradient: Gradient | null, pattern: Pattern) {
  const samples = backgroundSamples(background, gradient);
  if (pattern === 'none') return samples;
  const share = patternShare(text, samples);
  return [...samples, ...samples.map((sample) => mix(sample, text, share))];
}

/** Rounded down: the ink drawn is never stronger than the share measured. */
const alphaHex = (share: number) =>
  Math.floor(share * 255)
    .toString(16)
    .padStart(2, '0');

export type BackgroundLook = { background: string; text: string; gradient: Gradient | null; pattern: Pattern };

/** The gradient and pattern as the card's custom properties; none at all for a plain background. */
export function backgroundVars({ background, text, gradient, pattern }: BackgroundLook): Record<string, string> {
  const vars: Record<string, string> = {};
  if (gradient) vars['--grad'] = gradientCss(background, gradient);
  if (pattern !== 'none') {
    const share = patternShare(text, backgroundSamples(background, gradient));
    vars['--pi'] = `${longHex(text) ?? '#000000'}${alphaHex(share)}`;
    vars['--pat'] = PATTERN_CSS[pattern].image;
    vars['--ps'] = PATTERN_CSS[pattern].size;
  }
  return vars;
}
