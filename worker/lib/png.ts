// Just enough PNG to cut a box out of an image in the Worker: the Images binding resizes and
// re-encodes, but its local (sharp) implementation has no arbitrary crop, so a re-cut works on a
// PNG the binding made (8-bit, not interlaced), exactly alike locally and deployed.

export type Bitmap = { width: number; height: number; channels: number; data: Uint8Array };

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

async function transform(bytes: Uint8Array, stream: CompressionStream | DecompressionStream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** Width and height from the header, or null when the bytes are not a PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24 || !SIGNATURE.every((b, i) => bytes[i] === b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** Decodes an 8-bit, non-interlaced grey, RGB or RGBA PNG (what the binding writes). */
export async function decodePng(bytes: Uint8Array): Promise<Bitmap> {
  const size = pngSize(bytes);
  if (!size) throw new Error('not a PNG');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const [depth, colourType, , , interlace] = bytes.subarray(24, 29);
  const channels = CHANNELS[colourType ?? -1];
  if (depth !== 8 || !channels || interlace !== 0) throw new Error('unsupported PNG');
  const parts: Uint8Array[] = [];
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (type === 'IDAT') parts.push(bytes.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  const raw = await transform(concat(parts), new DecompressionStream('deflate'));
  const stride = size.width * channels;
  const data = new Uint8Array(stride * size.height);
  for (let y = 0; y < size.height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? data[row + x - channels]! : 0;
      const b = y > 0 ? data[row - stride + x]! : 0;
      const c = x >= channels && y > 0 ? data[row - stride + x - channels]! : 0;
      const predicted =
        filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : filter === 4 ? paeth(a, b, c) : 0;
      data[row + x] = (line[x]! + predicted) & 0xff;
    }
  }
  return { ...size, channels, data };
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

function chunk(type: string, body: Uint8Array) {
  const out = new Uint8Array(12 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length);
  out.set(
    [...type].map((ch) => ch.charCodeAt(0)),
    4,
  );
  out.set(body, 8);
  view.setUint32(8 + body.length, crc32(out.subarray(4, 8 + body.length)));
  return out;
}

/** Encodes a bitmap as PNG (filter Sub on every row: cheap, and photos compress well enough). */
export async function encodePng(image: Bitmap): Promise<Uint8Array> {
  const colourType = { 1: 0, 2: 4, 3: 2, 4: 6 }[image.channels];
  if (colourType === undefined) throw new Error('unsupported channel count');
  const stride = image.width * image.channels;
  const raw = new Uint8Array((stride + 1) * image.height);
  for (let y = 0; y < image.height; y++) {
    const row = y * stride;
    const out = y * (stride + 1);
    raw[out] = 1;
    for (let x = 0; x < stride; x++) {
      const left = x >= image.channels ? image.data[row + x - image.channels]! : 0;
      raw[out + 1 + x] = (image.data[row + x]! - left) & 0xff;
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, image.width);
  view.setUint32(4, image.height);
  header.set([8, colourType, 0, 0, 0], 8);
  const idat = await transform(raw, new CompressionStream('deflate'));
  return concat([
    Uint8Array.from(SIGNATURE),
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/** The pixels of a box (whole pixels, clamped to the image). */
export function cropBitmap(image: Bitmap, box: { left: number; top: number; width: number; height: number }): Bitmap {
  const left = Math.max(0, Math.min(image.width - 1, Math.round(box.left)));
  const top = Math.max(0, Math.min(image.height - 1, Math.round(box.top)));
  const width = Math.max(1, Math.min(image.width - left, Math.round(box.width)));
  const height = Math.max(1, Math.min(image.height - top, Math.round(box.height)));
  const stride = image.width * image.channels;
  const outStride = width * image.channels;
  const data = new Uint8Array(outStride * height);
  for (let y = 0; y < height; y++) {
    const from = (top + y) * stride + left * image.channels;
    data.set(image.data.subarray(from, from + outStride), y * outStride);
  }
  return { width, height, channels: image.channels, data };
}
