// Text cut to a length with an ellipsis: a wallet pass's title line, a link preview's
// description, an e-mail signature's bio line. Cutting at a UTF-16 index can keep half of an
// emoji (an unpaired surrogate: pass.json then fails Apple's JSON reader, and HTML shows '�') or
// one person of a family emoji, so the cut falls between graphemes, as a reader sees characters.

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** `text` when it fits in `max` UTF-16 units, else whole graphemes and '…' in `max` units. */
export function shorten(text: string, max: number) {
  if (text.length <= max) return text;
  let kept = '';
  for (const { segment } of graphemes.segment(text)) {
    if (kept.length + segment.length > max - 1) break;
    kept += segment;
  }
  return `${kept.trimEnd()}…`;
}
