// The derivatives are made from a metadata-free PNG, so they should carry nothing; this is the
// second line for the JPEG, the one format whose encoder may keep a copyright Exif by default.

/** APP1 (Exif, XMP), APP13 (IPTC) and comments: who, where and when a photo was taken. */
const DROPPED = new Set([0xe1, 0xed, 0xfe]);

/** The JPEG without its Exif, XMP, IPTC and comment segments; the bytes as they are if not a JPEG. */
export function stripJpegMetadata(bytes: Uint8Array): Uint8Array {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return bytes;
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    // Start of scan: the rest is entropy-coded data, kept whole.
    if (marker === 0xda) break;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (!DROPPED.has(marker)) kept.push(bytes.subarray(at, at + 2 + length));
    at += 2 + length;
  }
  kept.push(bytes.subarray(at));
  const out = new Uint8Array(kept.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of kept) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
