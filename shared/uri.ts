/**
 * `decodeURIComponent` that answers null instead of throwing on text that is not valid
 * percent-encoding (a stray `%`, a cut-off `%E0%A4%A`): a cookie or a link from outside.
 */
export function decodeComponent(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}
