// The company logo in the middle of the QR code (docs/product.md §9, QR).

/**
 * The company logo in the middle (docs/product.md §9, QR): the same square the photo takes (a
 * quarter of the code's width, which error correction H leaves readable), white, the logo fitted
 * inside it with LOGO_PAD of quiet white on every side so no mark of the logo touches a module.
 */
export const LOGO_SQUARE = 400;
export const LOGO_PAD = 0.12;

/**
 * Where the logo's drawn part goes in the square: the box of its non-white pixels (the upload is
 * fitted on white in a 2:1 box, so a square sign would otherwise use half the width) scaled to fit
 * inside the pad, centred.
 */
export function logoPlacement(ink: { x: number; y: number; width: number; height: number }) {
  const room = LOGO_SQUARE * (1 - 2 * LOGO_PAD);
  const scale = Math.min(room / ink.width, room / ink.height);
  const width = ink.width * scale;
  const height = ink.height * scale;
  return { x: (LOGO_SQUARE - width) / 2, y: (LOGO_SQUARE - height) / 2, width, height };
}

/** The box of the pixels that are not (nearly) white; the whole picture when all are. */
export function inkBox({ data, width, height }: { data: Uint8ClampedArray; width: number; height: number }) {
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      if (Math.min(data[at]!, data[at + 1]!, data[at + 2]!) > 235) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  return right < 0
    ? { x: 0, y: 0, width, height }
    : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * The logo's JPEG (our own derivative, same origin) laid in its white square as a data: URI, so the
 * SVG download carries the picture itself and never a link; null when it does not load.
 */
export function logoCentre(url: string): Promise<string | null> {
  return new Promise((resolve) => {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => {
      const source = document.createElement('canvas');
      source.width = img.naturalWidth;
      source.height = img.naturalHeight;
      const read = source.getContext('2d', { willReadFrequently: true });
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = LOGO_SQUARE;
      const ctx = canvas.getContext('2d');
      if (!read || !ctx || !source.width || !source.height) return resolve(null);
      read.drawImage(img, 0, 0);
      const ink = inkBox(read.getImageData(0, 0, source.width, source.height));
      const to = logoPlacement(ink);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, LOGO_SQUARE, LOGO_SQUARE);
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(source, ink.x, ink.y, ink.width, ink.height, to.x, to.y, to.width, to.height);
      resolve(canvas.toDataURL('image/png'));
    };
    img.onerror = () => resolve(null);
    img.src = url;
  });
}
