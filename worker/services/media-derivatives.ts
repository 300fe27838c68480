import type { ImageTones } from '@shared/backdrop';
import { PHOTOS_UNAVAILABLE, UnavailableError } from '../lib/unavailable';
import {
  CONTENT_TYPES,
  derivativeNames,
  heightOf,
  IMAGE_SHAPES,
  type DerivativeFormat,
  type ShapeKind,
} from '@shared/media';
import { stripJpegMetadata } from '../lib/jpeg-metadata';
import { cropBitmap, decodePng, encodePng } from '../lib/png';
import { TONE_SAMPLE, tonesOf } from './media-tones';

/** A box of the upright image, each side a fraction of its width or height (0..1). */
export type CropBox = { x: number; y: number; width: number; height: number };

export type DerivativeFile = { name: string; bytes: Uint8Array; contentType: string };
export type Derivatives = {
  files: DerivativeFile[];
  placeholder: string;
  /** A background's tones where text sits (media-tones.ts); only a background has them. */
  tones?: ImageTones;
};

/** The Images binding refused the upload's bytes: the file is not an image it can decode. */
export class UndecodableImage extends Error {}

/** A 1x1 PNG: what the binding must always decode. */
const CANARY = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (char) => char.charCodeAt(0),
);

// Quality per format (the local, sharp-backed binding uses its own defaults, close to these).
const QUALITY: Record<DerivativeFormat | 'png', number> = { avif: 50, webp: 75, jpg: 80, png: 100 };
const OUTPUT: Record<DerivativeFormat | 'png', ImageOutputOptions['format']> = {
  ...(CONTENT_TYPES as Record<DerivativeFormat, ImageOutputOptions['format']>),
  png: 'image/png',
};
/** The placeholder's width: a few hundred bytes of data URI, blurred by the page. */
const PLACEHOLDER_WIDTH: Record<ShapeKind, number> = { avatar: 16, cover: 24, background: 16, logo: 16, thumbnail: 16 };
/** A re-cut works on a copy at most this large on its longest side (Worker memory, CPU). */
const WORKING_MAX = 2560;

const bytesOf = async (stream: ReadableStream) => new Uint8Array(await new Response(stream).arrayBuffer());

async function transform(
  images: ImagesBinding,
  input: Uint8Array,
  options: ImageTransform,
  format: DerivativeFormat | 'png',
): Promise<Uint8Array> {
  // `anim: false`: an animated GIF becomes its first frame (README, Decisions: images).
  const result = await images
    .input(new Blob([input]).stream())
    .transform(options)
    .output({ format: OUTPUT[format], quality: QUALITY[format], anim: false });
  return bytesOf(result.image());
}

/** Whether the Images binding works: it must read a known image. */
export async function imagesWorking(images: ImagesBinding) {
  try {
    await images.info(new Blob([CANARY]).stream());
    return true;
  } catch {
    return false;
  }
}

/** The first step decodes what the user sent: any refusal there means the file is not a usable image. */
async function decodeStep(images: ImagesBinding, step: Promise<Uint8Array>) {
  try {
    return await step;
  } catch (error) {
    // Unless the binding itself is failing (then the upload answers 503, README, When a part
    // fails, and nothing is stored): a binding that reads a known image but not this one was sent
    // a bad file.
    if (!(await imagesWorking(images))) throw new UnavailableError(PHOTOS_UNAVAILABLE);
    throw new UndecodableImage(String(error));
  }
}

/**
 * The card's shape at its largest size, as a PNG with no metadata: the upload auto-rotated by its
 * orientation tag, then the box (or a centred crop) cut out. Every derivative is made from it, so
 * none can inherit the photo's Exif, XMP or IPTC.
 */
async function master(images: ImagesBinding, kind: ShapeKind, original: Uint8Array, box: CropBox | null) {
  const shape = IMAGE_SHAPES[kind];
  const largest = shape.widths.at(-1)!;
  const size = { width: largest, height: heightOf(kind, largest) };
  if (kind === 'logo')
    return onWhite(await decodeStep(images, transform(images, original, { ...size, fit: 'pad' }, 'png')));
  if (!box) return decodeStep(images, transform(images, original, { ...size, fit: 'cover', gravity: 'center' }, 'png'));
  // Scaled so the box comes out at about the largest derivative's size, never above WORKING_MAX.
  const bound = (side: number, fraction: number) => Math.min(WORKING_MAX, Math.ceil(side / fraction));
  const working = await decodeStep(
    images,
    transform(
      images,
      original,
      { width: bound(size.width, box.width), height: bound(size.height, box.height), fit: 'scale-down' },
      'png',
    ),
  );
  const bitmap = await decodePng(working);
  const cut = cropBitmap(bitmap, {
    left: box.x * bitmap.width,
    top: box.y * bitmap.height,
    width: box.width * bitmap.width,
    height: box.height * bitmap.height,
  });
  return encodePng(cut);
}

/**
 * A logo is drawn on white everywhere (docs/product.md §5, Profile): on a card of any colour, in
 * the QR's middle, in the JPEG no format can keep transparent. `fit: 'pad'` fills the box around
 * the logo with white; its own transparent pixels are laid on white here, the same on every binding.
 */
async function onWhite(png: Uint8Array) {
  const bitmap = await decodePng(png);
  if (bitmap.channels !== 2 && bitmap.channels !== 4) return png;
  const colours = bitmap.channels - 1;
  const data = new Uint8Array(bitmap.width * bitmap.height * colours);
  for (let pixel = 0; pixel < bitmap.width * bitmap.height; pixel++) {
    const alpha = bitmap.data[pixel * bitmap.channels + colours]! / 255;
    for (let c = 0; c < colours; c++)
      data[pixel * colours + c] = Math.round(bitmap.data[pixel * bitmap.channels + c]! * alpha + 255 * (1 - alpha));
  }
  return encodePng({ width: bitmap.width, height: bitmap.height, channels: colours, data });
}

const toDataUri = (bytes: Uint8Array, type: string) => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:${type};base64,${btoa(binary)}`;
};

/**
 * Every derivative of an upload (shared/media.ts: widths in AVIF and WebP, one JPEG) and its
 * placeholder. Throws UndecodableImage when the bytes do not decode; nothing is stored here.
 */
export async function makeDerivatives(
  images: ImagesBinding,
  kind: ShapeKind,
  original: Uint8Array,
  box: CropBox | null = null,
): Promise<Derivatives> {
  const source = await master(images, kind, original, box);
  const cover = (width: number): ImageTransform => ({ width, height: heightOf(kind, width), fit: 'cover' });
  const [files, placeholder, tones] = await Promise.all([
    Promise.all(
      derivativeNames(kind).map(async ({ width, format }) => {
        const bytes = await transform(images, source, cover(width), format);
        return {
          name: `${width}.${format}`,
          bytes: format === 'jpg' ? stripJpegMetadata(bytes) : bytes,
          contentType: CONTENT_TYPES[format],
        };
      }),
    ),
    transform(images, source, cover(PLACEHOLDER_WIDTH[kind]), 'webp'),
    kind === 'background'
      ? transform(images, source, cover(TONE_SAMPLE), 'png').then(async (png) => tonesOf(await decodePng(png)))
      : undefined,
  ]);
  return { files, placeholder: toDataUri(placeholder, CONTENT_TYPES.webp), ...(tones ? { tones } : {}) };
}

/** The whole upright image, small, for the crop dialog: only ever sent to the owner. */
export async function wholePreview(images: ImagesBinding, original: Uint8Array) {
  return transform(images, original, { width: 1024, height: 1024, fit: 'scale-down' }, 'webp');
}
