import { QR_PALETTE } from '@shared/constants';
import { colourOf, initialsOf } from '@shared/initials';
import { scannableQr } from '@shared/qr-code';
import type { QrMatrix } from '@shared/qr-code';
import type QRCodeStyling from 'qr-code-styling';
import type { Options } from 'qr-code-styling';
import type { CardData } from './card-data';
import { qrTarget } from './card-data';

// docs/product.md §9, QR: the constants of the code, its centre image and the exported picture.
export const QR_SIZE = 1500;
export const QR_MARGIN = 150;
export const EXPORT_WIDTH = 2350;
export const EXPORT_HEIGHT = 2700;
const AVATAR_SIZE = 200;

export const qrFileName = (username: string) => `${username}_qrcode.png`;
export const qrCaption = (username: string) => `@${username.toUpperCase()}`;
export const DEFAULT_QR_COLOUR = QR_PALETTE[0];

export function qrOptions(card: CardData, colour: string, image: string): Partial<Options> {
  return {
    type: 'canvas',
    width: QR_SIZE,
    height: QR_SIZE,
    margin: QR_MARGIN,
    data: qrTarget(card),
    image,
    qrOptions: { errorCorrectionLevel: 'H' },
    // The image is a data: URI already (centreImage): nothing to fetch and inline again.
    imageOptions: { imageSize: 0.25, margin: 12, hideBackgroundDots: true, saveAsBlob: false },
    dotsOptions: { type: 'dots', color: colour },
    cornersSquareOptions: { type: 'extra-rounded', color: colour },
    // Solid, rounded-square corner dots (docs/product.md, share kit: the QR rules): drawn as 3x3
    // separate dots ZBar and jsQR could not find the code; as a circle jsQR scored a caption
    // letter above the real corners at full size.
    cornersDotOptions: { type: 'extra-rounded', color: colour },
    backgroundOptions: { color: '#ffffff' },
  };
}

const SVG_NS = 'http://www.w3.org/2000/svg';
/** The positions of the alignment patterns of versions 7 to 13 (ISO/IEC 18004, annex E). */
const ALIGNMENT: Record<number, number[]> = {
  7: [6, 22, 38],
  8: [6, 24, 42],
  9: [6, 26, 46],
  10: [6, 28, 50],
  11: [6, 30, 54],
  12: [6, 32, 58],
  13: [6, 34, 62],
};

/**
 * A data dot's radius in modules: neighbours overlap by a fifth of a module (docs/product.md §9).
 * At 0.54 jsQR read nothing of about one exported PNG in eight at 2350 px (decision 79).
 */
const DOT_REACH = 0.6;

/**
 * What scanners need of the drawing: data dots that overlap a little (DOT_REACH), and, from
 * version 7, the centre alignment pattern. A card URL of more than 58 characters needs version 7 or more, which has an alignment pattern
 * at the very centre, where the photo sits; without it ZBar reads nothing. So from version 7 the
 * pattern is drawn over the middle of the photo, on a white square, in the code's colour.
 */
export function withScannerPatterns(qr: QRCodeStyling) {
  qr.applyExtension((svg, options) => {
    const count = qr._qr?.getModuleCount() ?? 0;
    if (!count || !options.width) return;
    const size = Math.floor((options.width - 2 * (options.margin ?? 0)) / count);
    // Dots that only touch their neighbours at one point leave a lattice of white between them,
    // and jsQR, drawn crisp at 1000 px or more, found no code in it; overlapping dots read.
    for (const dot of svg.querySelectorAll('clipPath[id^="clip-path-dot-color"] circle'))
      dot.setAttribute('r', String(size * DOT_REACH));
    const version = (count - 17) / 4;
    const centre = ALIGNMENT[version]?.[1];
    if (centre === undefined) return;
    const offset = Math.floor((options.width - count * size) / 2);
    const square = (from: number, modules: number, fill: string) => {
      const rect = document.createElementNS(SVG_NS, 'rect');
      const at = String(offset + (centre + from) * size);
      const side = String(modules * size);
      const attributes: Record<string, string> = { x: at, y: at, width: side, height: side, fill };
      for (const [name, value] of Object.entries(attributes)) rect.setAttribute(name, value);
      svg.appendChild(rect);
    };
    const ink = options.dotsOptions?.color ?? '#000000';
    square(-3, 7, '#ffffff');
    square(-2, 5, ink);
    square(-1, 3, '#ffffff');
    square(0, 1, ink);
  });
  return qr;
}

type Encoding = Pick<NonNullable<QRCodeStyling['_qr']>, 'addData' | 'make' | 'getModuleCount' | 'isDark'>;

/**
 * qr-code-styling drawing our choice of encoding (shared/qr-code.ts: the one without a finder
 * lookalike) instead of its own encoder's. On every update it makes a new `_qr` and draws it, so
 * the subclass's `_qr` takes the text given to the encoder it made and encodes it our way.
 */
function choosingEncoding(Styling: typeof QRCodeStyling): typeof QRCodeStyling {
  class Chosen extends Styling {}
  const encodings = new WeakMap<object, Encoding>();
  Object.defineProperty(Chosen.prototype, '_qr', {
    get(this: QRCodeStyling) {
      return encodings.get(this);
    },
    set(this: QRCodeStyling, made: unknown) {
      if (!made) {
        encodings.delete(this);
        return;
      }
      const level = this._options.qrOptions.errorCorrectionLevel;
      let text = '';
      let code: QrMatrix | null = null;
      const chosen = () => code ?? (code = scannableQr(text, level));
      encodings.set(this, {
        addData: (data: string) => void (text += data),
        make: () => void chosen(),
        getModuleCount: () => chosen().size,
        isDark: (row: number, col: number) => chosen().isDark(row, col),
      });
    },
  });
  return Chosen;
}

const chosenClasses = new WeakMap<typeof QRCodeStyling, typeof QRCodeStyling>();

/**
 * The card's code, drawn by qr-code-styling in our choice of encoding (choosingEncoding), with
 * the patterns scanners need (withScannerPatterns).
 */
export function makeQr(Styling: typeof QRCodeStyling, options: Partial<Options>) {
  let Chosen = chosenClasses.get(Styling);
  if (!Chosen) chosenClasses.set(Styling, (Chosen = choosingEncoding(Styling)));
  return withScannerPatterns(new Chosen(options));
}

/** docs/product.md §2: without an avatar, a coloured circle with up to 2 initials. */
export function initialsImage(name: string) {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = AVATAR_SIZE;
  const ctx = canvas.getContext('2d');
  if (!ctx) return '';
  ctx.fillStyle = colourOf(name);
  ctx.beginPath();
  ctx.arc(AVATAR_SIZE / 2, AVATAR_SIZE / 2, AVATAR_SIZE / 2, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.font = `600 ${AVATAR_SIZE * 0.4}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(initialsOf(name) || 'U', AVATAR_SIZE / 2, AVATAR_SIZE / 2 + AVATAR_SIZE * 0.03);
  return canvas.toDataURL('image/png');
}

/**
 * How much the photo in the middle is softened, as a share of its width (a Gaussian blur's
 * standard deviation). A phone photo's fine, contrasty detail drawn 470 px wide in the 2350 px
 * export gave jsQR finder-like specks: at 2350 px it read none of six codes with a camera photo in
 * the middle, and all six with the photo softened this much (test/web/qr-image-reads.test.ts).
 */
export const PHOTO_BLUR = 0.0075;

/**
 * The avatar when it loads (same origin, so the canvas stays exportable), else the initials;
 * always as a data: URI, so qr-code-styling never fetches it (the dashboard's connect-src is 'self').
 */
export function centreImage(card: CardData): Promise<string> {
  if (!card.avatar) return Promise.resolve(initialsImage(card.name));
  return new Promise((resolve) => {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth || AVATAR_SIZE;
      canvas.height = img.naturalHeight || AVATAR_SIZE;
      const ctx = canvas.getContext('2d');
      if (!ctx) return resolve(initialsImage(card.name));
      // Softened (PHOTO_BLUR): a browser without canvas filters draws it sharp, as before.
      ctx.filter = `blur(${canvas.width * PHOTO_BLUR}px)`;
      ctx.drawImage(img, 0, 0);
      resolve(canvas.toDataURL('image/png'));
    };
    img.onerror = () => resolve(initialsImage(card.name));
    img.src = card.avatar;
  });
}

/** The downloadable picture: the code on white with the '@USERNAME' caption below it. */
export async function exportPng(qr: QRCodeStyling, username: string, colour: string): Promise<Blob> {
  const raw = await qr.getRawData('png');
  if (!(raw instanceof Blob)) throw new Error('QR code not rendered');
  const code = await createImageBitmap(raw);
  const canvas = document.createElement('canvas');
  canvas.width = EXPORT_WIDTH;
  canvas.height = EXPORT_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, EXPORT_WIDTH, EXPORT_HEIGHT);
  // Scaled smoothly: jagged stair-steps on the rounded corners made jsQR miss them at full size.
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(code, 0, 0, EXPORT_WIDTH, EXPORT_WIDTH);
  ctx.fillStyle = colour;
  ctx.font = `700 150px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(
    qrCaption(username),
    EXPORT_WIDTH / 2,
    EXPORT_WIDTH + (EXPORT_HEIGHT - EXPORT_WIDTH) / 2 - 40,
    EXPORT_WIDTH - 200,
  );
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG export failed'))), 'image/png'),
  );
}

export function saveBlob(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
