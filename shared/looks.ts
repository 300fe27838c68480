// A card's button style and shape, background gradient and pattern (docs/product.md §2): the
// choices, and the classes the card's stylesheet (card/card-css.ts) reads for the buttons; the
// background's layers are look-layers.ts. Every choice left out is the look cards had before these choices existed, so a stored
// theme without them draws exactly as it did.

/** 'tint' is the look every card had before: a wash of the accent with a fine accent border. */
export const BUTTON_STYLES = ['tint', 'fill', 'outline', 'soft_shadow', 'hard_shadow'] as const;
export const BUTTON_SHAPES = ['square', 'rounded', 'pill'] as const;
export const GRADIENT_DIRECTIONS = ['down', 'diagonal', 'across', 'radial'] as const;
export const PATTERNS = ['none', 'dots', 'grid', 'diagonal', 'waves'] as const;

export type ButtonStyle = (typeof BUTTON_STYLES)[number];
export type ButtonShape = (typeof BUTTON_SHAPES)[number];
export type GradientDirection = (typeof GRADIENT_DIRECTIONS)[number];
export type Pattern = (typeof PATTERNS)[number];

export const DEFAULT_BUTTON_STYLE: ButtonStyle = 'tint';
export const DEFAULT_BUTTON_SHAPE: ButtonShape = 'rounded';
export const DEFAULT_GRADIENT_DIRECTION: GradientDirection = 'down';

/** One of the choices, or the fallback for anything else (a row written some other way). */
export const oneOf = <T extends string>(choices: readonly T[], value: unknown, fallback: T): T =>
  choices.find((choice) => choice === value) ?? fallback;

/** The second colour of a gradient from the page's background, and which way it runs. */
export type Gradient = { colour: string; direction: GradientDirection };

/** The button's style and shape as classes of the card; none for the look cards had before. */
export function buttonClasses(style: ButtonStyle, shape: ButtonShape): string[] {
  return [
    style === DEFAULT_BUTTON_STYLE ? '' : `bt-${style}`,
    shape === DEFAULT_BUTTON_SHAPE ? '' : `bs-${shape}`,
  ].filter(Boolean);
}
