/**
 * What text a person typed may hold. Control characters (a NUL, an escape) and unpaired UTF-16
 * surrogates cannot be typed into a form, only sent by a script; they would reach the card's
 * HTML and the vCard as they are, so they are removed (or, for a surrogate, replaced) before
 * the text is checked and stored.
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * Invisible characters, named by their Unicode properties rather than listed, so the rule follows
 * the Unicode version of the engine that runs it (docs/decisions/0022): every
 * Default_Ignorable_Code_Point (zero-width space, word joiner and invisible operators, byte order
 * mark, soft hyphen, the Hangul fillers, the combining grapheme joiner, variation selectors, tag
 * characters, and the code points kept for more of them) and every format character, General
 * Category Cf (bidirectional marks, embeddings, overrides and isolates, which can reverse how the
 * text around them reads; interlinear annotation marks; the Egyptian and musical format controls),
 * and the blank Braille pattern U+2800, which draws as a blank although it is a symbol. A name of
 * them alone would look empty or like someone else's, so they go before the length checks: a name
 * has at least two visible characters and a title is not blank.
 *
 * Three kinds stay where a script or an emoji needs them (the u flag, not v, for the browsers the
 * dashboard supports, hence a lookahead where v would subtract sets):
 * - a subdivision flag (a black flag, tag letters or digits, a cancel tag), as England's or Wales';
 * - a variation selector right after a visible character it can vary (a letter, digit, symbol,
 *   punctuation or mark), as in '❤️', '☺︎', a Japanese ideograph's variant or a Mongolian letter's
 *   form; first, after a space or after another invisible character it has no base and goes;
 * - a zero-width joiner or non-joiner, which STRAY_JOINERS below keeps between two visible
 *   characters only.
 */
const HIDDEN =
  /(\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{1,7}\u{E007F})|((?<=[\p{L}\p{N}\p{S}\p{P}\p{M}])(?<![\p{Default_Ignorable_Code_Point}\u2800])\p{Variation_Selector})|(?![\u200C\u200D])[\p{Default_Ignorable_Code_Point}\p{Cf}\u2800]/gu;
/**
 * Zero-width joiner and non-joiner stay only between two visible characters, where they shape
 * an emoji sequence or a Persian or Indic word, or at a word's end after a mark, where a virama
 * and a joiner spell a Malayalam chillu ('അവന്‍'); anywhere else they are dropped too.
 */
const STRAY_JOINERS = /(?<![^\s\u200C\u200D])[\u200C\u200D]+|(?<!\p{M})[\u200C\u200D]+(?![^\s\u200C\u200D])/gu;

/** Controls and invisible characters gone, unpaired surrogates replaced: what both kinds of text below share. */
const withoutControls = (value: string) =>
  value
    .replace(CONTROLS, '')
    .replace(UNPAIRED_SURROGATE, '\uFFFD')
    .replace(HIDDEN, (_, flag?: string, selector?: string) => flag ?? selector ?? '')
    .replace(STRAY_JOINERS, '');

/** One line (a name, a title): line breaks and tabs become a space, other controls go. */
export const singleLine = (value: string) => withoutControls(value.replace(/[\t\n\r]+/g, ' '));

/** Several lines (a bio): line breaks are kept as `\n`, tabs kept, other controls go. */
export const multiLine = (value: string) => withoutControls(value.replace(/\r\n?/g, '\n'));
