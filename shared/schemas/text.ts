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
 * Invisible characters that can make a name look empty or like someone else's: zero-width
 * space, word joiner and invisible operators, byte-order mark, soft hyphen, and every
 * bidirectional control (marks, embeddings, overrides, isolates), which can reverse how the
 * text around them reads; and the characters that draw as a blank although they are not spaces:
 * the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), the blank Braille pattern (U+2800), the
 * combining grapheme joiner (U+034F), the Khmer inherent vowels (U+17B4, U+17B5) and the
 * interlinear annotation marks (U+FFF9 to U+FFFB). They are dropped before the length checks, so
 * a name has at least two visible characters and a title is not blank.
 */
// The combining ones (U+034F, U+17B4, U+17B5) stand alone: in a class they would read as joined.
const INVISIBLE =
  /[\u00AD\u061C\u115F\u1160\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u2800\u3164\uFEFF\uFFA0\uFFF9-\uFFFB]|\u034F|\u17B4|\u17B5/g;
/**
 * Tag characters (U+E0000 to U+E007F) are invisible, except inside the one sequence that uses
 * them: a subdivision flag (a black flag, tag letters, a cancel tag), as England's or Wales'.
 */
const TAGS = /(\u{1F3F4}[\u{E0061}-\u{E007A}]{1,7}\u{E007F})|[\u{E0000}-\u{E007F}]/gu;
/**
 * Zero-width joiner and non-joiner stay only between two visible characters, where they shape
 * an emoji sequence or a Persian word; anywhere else they are dropped too.
 */
const STRAY_JOINERS = /(?<![^\s\u200C\u200D])[\u200C\u200D]+|[\u200C\u200D]+(?![^\s\u200C\u200D])/g;

/** Controls and invisible characters gone, unpaired surrogates replaced: what both kinds of text below share. */
const withoutControls = (value: string) =>
  value
    .replace(CONTROLS, '')
    .replace(INVISIBLE, '')
    .replace(UNPAIRED_SURROGATE, '\uFFFD')
    .replace(TAGS, (_, flag?: string) => flag ?? '')
    .replace(STRAY_JOINERS, '');

/** One line (a name, a title): line breaks and tabs become a space, other controls go. */
export const singleLine = (value: string) => withoutControls(value.replace(/[\t\n\r]+/g, ' '));

/** Several lines (a bio): line breaks are kept as `\n`, tabs kept, other controls go. */
export const multiLine = (value: string) => withoutControls(value.replace(/\r\n?/g, '\n'));
