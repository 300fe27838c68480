/**
 * What text a person typed may hold. Control characters (a NUL, an escape) and unpaired UTF-16
 * surrogates cannot be typed into a form, only sent by a script; they would reach the card's
 * HTML and the vCard as they are, so they are removed (or, for a surrogate, replaced) before
 * the text is checked and stored.
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Controls gone, unpaired surrogates replaced: what both kinds of text below share. */
const withoutControls = (value: string) => value.replace(CONTROLS, '').replace(UNPAIRED_SURROGATE, '\uFFFD');

/** One line (a name, a title): line breaks and tabs become a space, other controls go. */
export const singleLine = (value: string) => withoutControls(value.replace(/[\t\n\r]+/g, ' '));

/** Several lines (a bio): line breaks are kept as `\n`, tabs kept, other controls go. */
export const multiLine = (value: string) => withoutControls(value.replace(/\r\n?/g, '\n'));
