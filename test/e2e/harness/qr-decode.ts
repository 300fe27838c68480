// Reads a QR code the way the phones and tools people use would: three independent decoders
// (ZXing, the reader of many Android apps; ZBar, the reader of many scanner apps and every Linux
// tool, as WebAssembly; jsQR, the reader of many web pages) at full size, half, quarter and
// 236 px wide (2 cm printed at 300 dpi). A code that only one of them reads fails people.
import { scanRGBABuffer } from '@undecaf/zbar-wasm';
import { BinaryBitmap, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import jsQR from 'jsqr';
import sharp from 'sharp';

type Rgba = { data: Uint8ClampedArray; width: number; height: number };
export type Reading = { width: number; zxing: string | null; zbar: string | null; jsqr: string | null };

/**
 * The picture on white, scaled to `width` as a camera or a printer would (smoothed). An SVG is
 * drawn at that width from its vectors, as a print shop rasterizes it, not scaled as a bitmap.
 */
async function scaled(picture: Buffer | string, width: number): Promise<Rgba> {
  const meta = await sharp(picture).metadata();
  const vector = meta.format === 'svg' && meta.width ? { density: (72 * width) / meta.width } : {};
  const { data, info } = await sharp(picture, vector)
    .flatten({ background: '#ffffff' })
    .resize({ width })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

function zxing({ data, width, height }: Rgba) {
  const luminance = new Uint8ClampedArray(width * height);
  for (let i = 0; i < luminance.length; i++)
    luminance[i] = (data[i * 4]! * 299 + data[i * 4 + 1]! * 587 + data[i * 4 + 2]! * 114) / 1000;
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)));
  try {
    return new QRCodeReader().decode(bitmap, new Map([[DecodeHintType.TRY_HARDER, true]])).getText();
  } catch {
    return null;
  }
}

async function zbar({ data, width, height }: Rgba) {
  const copy = data.buffer.slice(data.byteOffset, data.byteOffset + data.length) as ArrayBuffer;
  const [symbol] = await scanRGBABuffer(copy, width, height);
  return symbol ? symbol.decode() : null;
}

const jsqr = ({ data, width, height }: Rgba) => jsQR(data, width, height)?.data ?? null;

/**
 * The widths the card's code is read at in the unit tests: the export's 2350 px, where the
 * misreadings found so far showed (jsQR lost dotted codes there, and codes with a sharp photo), and
 * 236 px, 2 cm printed at 300 dpi, the smallest a person prints, where scaling lost the
 * authenticator's code. None was found only at a size between them (1175, 750, 588 px), which
 * added about a quarter to the pixels decoded.
 */
export const PRINT_WIDTHS = [2350, 236];

/**
 * The picture's size and what each decoder reads at each width (null where one reads nothing):
 * full, half, quarter and 236 px unless other widths are given (an SVG at a print's widths).
 */
export async function readQr(picture: Buffer | string, widths?: number[]) {
  const { width = 0, height = 0 } = await sharp(picture).metadata();
  const readings: Reading[] = [];
  for (const size of widths ?? [width, Math.round(width / 2), Math.round(width / 4), 236]) {
    const image = await scaled(picture, size);
    readings.push({ width: size, zxing: zxing(image), zbar: await zbar(image), jsqr: jsqr(image) });
  }
  return { width, height, readings };
}

/** Every reading that is not `expected`, as 'zbar at 236 px read nothing' (empty: all read it). */
export const misreadings = (readings: Reading[], expected: string) =>
  readings.flatMap((reading) =>
    (['zxing', 'zbar', 'jsqr'] as const).flatMap((decoder) => {
      const text = reading[decoder];
      if (text === expected) return [];
      return [`${decoder} at ${reading.width} px read ${text === null ? 'nothing' : JSON.stringify(text)}`];
    }),
  );
