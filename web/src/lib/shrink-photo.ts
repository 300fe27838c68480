import { IMAGE_MAX_BYTES } from '@shared/constants';

/** The long side a photo is brought down to before it is sent, so any phone photo goes (docs/product.md §5). */
export const PHOTO_MAX_SIDE = 2048;
const JPEG_QUALITY = 0.88;

type Canvas = HTMLCanvasElement | OffscreenCanvas;

function canvasOf(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

const encode = (canvas: Canvas, type: string): Promise<Blob | null> =>
  'convertToBlob' in canvas
    ? canvas.convertToBlob({ type, quality: JPEG_QUALITY })
    : new Promise((resolve) => canvas.toBlob(resolve, type, JPEG_QUALITY));

/**
 * A photo as big as a phone's camera makes it (4032x3024, 10 MB) redrawn in the browser at
 * PHOTO_MAX_SIDE on its long side, turned as its Exif orientation says, and encoded as JPEG (or
 * PNG, to keep a transparent logo's alpha): what is sent is then a few hundred kilobytes, and the 5
 * MB limit applies to that. A file that is already small enough is sent as it is, and so is a GIF
 * (its frames would be lost) or one this browser cannot decode (the server then says why).
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (file.type === 'image/gif' || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const { width, height } = bitmap;
    const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(width, height));
    if (scale === 1 && file.size <= IMAGE_MAX_BYTES) return file;
    const canvas = canvasOf(Math.round(width * scale), Math.round(height * scale));
    const context = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
    let blob = await encode(canvas, type);
    // A PNG photo at this size can still be large: JPEG then.
    if (blob && blob.size > IMAGE_MAX_BYTES && type === 'image/png') blob = await encode(canvas, 'image/jpeg');
    if (!blob) return file;
    const name = file.name.replace(/\.[^.]*$/, '') + (blob.type === 'image/png' ? '.png' : '.jpg');
    return new File([blob], name, { type: blob.type, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
