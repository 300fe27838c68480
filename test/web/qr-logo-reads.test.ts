// The card's QR code with the company logo in the middle (docs/product.md §9, QR) reads with ZXing,
// ZBar and jsQR at the export's width and at the smallest print (PRINT_WIDTHS), as the SVG
// download and as the PNG export's layout. The logo is
// built as the browser builds it (logoCentre): the Worker's 2:1 JPEG on white, the box of its ink
// found by inkBox and placed by logoPlacement in a white square; here sharp draws what the canvas
// would. Two logos: a wide coloured word mark, and a dark square sign (the hardest: a dark square
// in the middle of a code looks most like a module or a finder to a decoder).
import QRCodeStyling from 'qr-code-styling';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_SHAPES, heightOf } from '@shared/media';
import { scannableQr } from '@shared/qr-code';
import { EXPORT_HEIGHT, EXPORT_WIDTH, makeQr, qrCaption, qrOptions } from '@/island/qr-image';
import { inkBox, LOGO_SQUARE, logoPlacement } from '@/island/qr-logo';
import type { CardData } from '@/island/card-data';
import { misreadings, PRINT_WIDTHS, readQr } from '../e2e/harness/qr-decode';

const ORIGIN = 'http://127.0.0.1:8871';

const LOGOS = {
  'a word mark': `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="300">
      <circle cx="150" cy="150" r="110" fill="#e11d48"/><circle cx="150" cy="150" r="55" fill="#ffffff"/>
      <text x="300" y="200" font-family="sans-serif" font-weight="800" font-size="150" fill="#1e3a8a">ACME</text></svg>`,
  'a dark square sign': `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500">
      <rect x="20" y="20" width="460" height="460" rx="60" fill="#111111"/>
      <path d="M250 90 L400 410 H330 L300 340 H200 L170 410 H100 Z M220 280 H280 L250 200 Z" fill="#ffffff"/></svg>`,
} as const;

/** The Worker's logo JPEG: the upload fitted whole on white into the 2:1 box (media-derivatives.ts). */
async function logoJpeg(svg: string) {
  const width = IMAGE_SHAPES.logo.jpegWidth;
  return sharp(Buffer.from(svg))
    .resize(width, heightOf('logo', width), { fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** logoCentre's square: the JPEG's ink, placed by logoPlacement on white, as a data: URI. */
async function logoSquare(svg: string) {
  const jpeg = await logoJpeg(svg);
  const { data, info } = await sharp(jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const ink = inkBox({ data: new Uint8ClampedArray(data), width: info.width, height: info.height });
  const to = logoPlacement(ink);
  const drawn = await sharp(jpeg)
    .extract({ left: ink.x, top: ink.y, width: ink.width, height: ink.height })
    .resize(Math.round(to.width), Math.round(to.height), { fit: 'fill' })
    .toBuffer();
  const square = await sharp({
    create: { width: LOGO_SQUARE, height: LOGO_SQUARE, channels: 3, background: '#ffffff' },
  })
    .composite([{ input: drawn, left: Math.round(to.x), top: Math.round(to.y) }])
    .png()
    .toBuffer();
  return { uri: `data:image/png;base64,${square.toString('base64')}`, to };
}

async function svgOf(username: string, colour: string, picture: string) {
  const card = {
    username,
    name: 'Grace Hopper',
    avatar: '',
    accent: '',
    background: '',
    url: `${ORIGIN}/p/${username}`,
  };
  const code = makeQr(QRCodeStyling, { ...qrOptions(card as CardData, colour, picture), type: 'svg' });
  const raw = await code.getRawData('svg');
  return Buffer.from(await (raw as Blob).arrayBuffer());
}

/** exportPng's layout: the code drawn at its 1500 px, scaled smoothly to the width, the caption below. */
async function exportLayout(svg: Buffer, username: string, colour: string) {
  const scaled = await sharp(await sharp(svg).png().toBuffer())
    .resize(EXPORT_WIDTH, EXPORT_WIDTH, { kernel: 'cubic' })
    .png()
    .toBuffer();
  const caption = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${EXPORT_WIDTH}" height="${EXPORT_HEIGHT - EXPORT_WIDTH}">` +
      `<text x="${EXPORT_WIDTH / 2}" y="135" font-family="sans-serif" font-weight="700" font-size="150" fill="${colour}" text-anchor="middle" dominant-baseline="middle">${qrCaption(username)}</text></svg>`,
  );
  return sharp({ create: { width: EXPORT_WIDTH, height: EXPORT_HEIGHT, channels: 4, background: '#ffffff' } })
    .composite([
      { input: scaled, left: 0, top: 0 },
      { input: caption, left: 0, top: EXPORT_WIDTH },
    ])
    .png()
    .toBuffer();
}

describe('the QR code with the company logo in the middle', { timeout: 180_000 }, () => {
  // Each logo in two codes: one whose dotted code once did not read with jsQR (qr-image-reads.test.ts),
  // a longer address and so smaller modules under the logo, and an ordinary short one, whose
  // modules are larger. Each code costs seconds of decoding: the light blue, the least contrast,
  // goes with the word mark, black with the dark square sign.
  const cases: [keyof typeof LOGOS, string, string][] = [
    ['a word mark', 'holdk594y4ek48', '#1DA1F2'],
    ['a word mark', 'ada', '#405DE6'],
    ['a dark square sign', 'holduzepa56s58', '#000000'],
    ['a dark square sign', 'ada', '#405DE6'],
  ];

  it.each(cases)('with %s, %s in %s reads as SVG and as the PNG export', async (logo, username, colour) => {
    const expected = `${ORIGIN}/p/${username}?src=qr`;
    const svg = await svgOf(username, colour, (await logoSquare(LOGOS[logo])).uri);
    const fromSvg = await readQr(svg, PRINT_WIDTHS);
    const fromPng = await readQr(await exportLayout(svg, username, colour), PRINT_WIDTHS);
    expect([...misreadings(fromSvg.readings, expected), ...misreadings(fromPng.readings, expected)]).toEqual([]);
  });

  it('is error correction H, the logo within a quarter of the width on its white pad, embedded, nothing fetched', async () => {
    const username = 'ada';
    const { uri, to } = await logoSquare(LOGOS['a word mark']);
    const text = (await svgOf(username, '#405DE6', uri)).toString();
    const svg = new DOMParser().parseFromString(text, 'image/svg+xml');
    expect(svg.querySelector('parsererror')).toBeNull();
    const modules = scannableQr(`${ORIGIN}/p/${username}?src=qr`, 'H').size;
    const module = Math.floor((1500 - 2 * 150) / modules);
    const image = svg.querySelector('image')!;
    const side = Number(image.getAttribute('width')!.replace('px', ''));
    expect(side / (modules * module)).toBeGreaterThan(0.18);
    expect(side / (modules * module)).toBeLessThan(0.27);
    // A quiet white pad around the logo's ink inside that square, on every side.
    expect(Math.min(to.x, to.y) / LOGO_SQUARE).toBeGreaterThanOrEqual(0.12);
    // The picture itself, ours, as a data: URI: no link to anything, no script.
    const href = image.getAttribute('href') ?? image.getAttribute('xlink:href');
    expect(href).toBe(uri);
    expect(text).not.toMatch(/(?:href|src)="(?!data:image\/png;base64,)/);
    expect(text).not.toMatch(/<script|javascript:|\son[a-z]+=/i);
  });
});
