// The card's dotted QR code (web/src/island/qr-image.ts) reads with ZXing, ZBar and jsQR at the
// export's width and at the smallest print (PRINT_WIDTHS), as the SVG download and as the PNG
// export's layout, for usernames whose code did not read before decision 79 and for more from a
// fixed seed. The browser journeys check the real export; here the SVG is drawn by librsvg and the
// PNG's layout rebuilt around it. Each code costs seconds of decoding (three decoders, 2350 px):
// the codes that once failed, and two more.
// The authenticator app's plain code reads too, on a phone's screen and scaled down.
import QRCodeStyling from 'qr-code-styling';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EXPORT_HEIGHT, EXPORT_WIDTH, makeQr, PHOTO_BLUR, qrCaption, qrOptions } from '@/island/qr-image';
import type { CardData } from '@/island/card-data';
import { scannableQr } from '@shared/qr-code';
import { qrSvg as authenticatorSvg } from '@/features/security/lib/qr-svg';
import { misreadings, PRINT_WIDTHS, readQr } from '../e2e/harness/qr-decode';
import { cameraJpeg, PHONE_AVATAR } from '../fixtures/camera-photos';

const ORIGIN = 'http://127.0.0.1:8871';

/** An initials picture like the one the card draws without a photo. */
const initials = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><circle cx="100" cy="100" r="100" fill="#16a34a"/>' +
    '<text x="100" y="106" font-size="80" font-weight="600" fill="#fff" text-anchor="middle" dominant-baseline="middle" font-family="sans-serif">GH</text></svg>',
).toString('base64')}`;

async function svgOf(username: string, colour: string, picture = initials) {
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
  const drawn = await sharp(svg).png().toBuffer();
  const scaled = await sharp(drawn).resize(EXPORT_WIDTH, EXPORT_WIDTH, { kernel: 'cubic' }).png().toBuffer();
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

/** Usernames from a fixed seed: the same every run. */
function seeded(count: number, seed: number) {
  const letters = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from(
    { length: count },
    () => `hold${Array.from({ length: 10 }, () => letters[Math.floor(next() * 36)]).join('')}`,
  );
}

describe('the dotted QR code', { timeout: 120_000 }, () => {
  // jsQR read nothing of these at 2350 px with dots of radius 0.54 and the encoder's own encoding.
  const unlucky: [string, string][] = [
    ['holduzepa56s58', '#000000'],
    ['holdk749e1wxh8', '#000000'],
    ['holdk594y4ek48', '#1DA1F2'],
    ['holdc1q2i8pxka', '#E1306C'],
  ];
  const more = seeded(2, 2026).map((username, i): [string, string] => [username, ['#000000', '#405DE6'][i % 2]!]);

  it.each([...unlucky, ...more])('%s in %s reads as SVG and as the PNG export', async (username, colour) => {
    await expectReads(username, colour);
  });

  // Most cards have a photo in the middle, not initials: a phone camera's, upright, at the size
  // the card serves it, softened as centreImage draws it (PHOTO_BLUR). Made once for the three
  // codes: the camera's photo alone is a second of CPU.
  let photo: Promise<string> | undefined;
  const cameraPhoto = async () => {
    const softened = await sharp(await cameraJpeg(PHONE_AVATAR, 5))
      .rotate()
      .resize(400, 400)
      .blur(400 * PHOTO_BLUR)
      .jpeg()
      .toBuffer();
    return `data:image/jpeg;base64,${softened.toString('base64')}`;
  };
  it.each([...unlucky.slice(0, 2), ...more.slice(0, 1)])(
    '%s in %s reads with a camera photo in the middle',
    async (username, colour) => {
      await expectReads(username, colour, await (photo ??= cameraPhoto()));
    },
  );

  async function expectReads(username: string, colour: string, picture?: string) {
    const expected = `${ORIGIN}/p/${username}?src=qr`;
    const svg = await svgOf(username, colour, picture);
    const fromSvg = await readQr(svg, PRINT_WIDTHS);
    const fromPng = await readQr(await exportLayout(svg, username, colour), PRINT_WIDTHS);
    expect([...misreadings(fromSvg.readings, expected), ...misreadings(fromPng.readings, expected)]).toEqual([]);
  }
});

describe("the card's code as drawn", () => {
  it('is 1500 px square on white with a 150 px margin, dotted, extra-rounded corners, error correction H and the photo at 0.25', async () => {
    const username = 'ada';
    const svg = new DOMParser().parseFromString((await svgOf(username, '#405DE6')).toString(), 'image/svg+xml');
    const root = svg.documentElement;
    expect([root.getAttribute('width'), root.getAttribute('height')]).toEqual(['1500', '1500']);
    const background = svg.querySelector('rect[clip-path*="background-color"]')!;
    expect([background.getAttribute('fill'), background.getAttribute('width')]).toEqual(['#ffffff', '1500']);
    // The modules: as many as the address needs at error correction H, each a dot.
    const modules = scannableQr(`${ORIGIN}/p/${username}?src=qr`, 'H').size;
    expect(modules).not.toBe(scannableQr(`${ORIGIN}/p/${username}?src=qr`, 'M').size);
    const module = Math.floor((1500 - 2 * 150) / modules);
    const dots = svg.querySelectorAll('clipPath[id^="clip-path-dot-color"] > *');
    expect(dots.length).toBeGreaterThan(100);
    expect([...dots].every((dot) => dot.tagName.toLowerCase() === 'circle')).toBe(true);
    // The code starts where the margin ends (centred: less than a module further).
    const corner = svg.querySelector('rect[clip-path*="corners-square-color-0-0"]')!;
    const start = Number(corner.getAttribute('x'));
    expect(start).toBeGreaterThanOrEqual(150);
    expect(start).toBeLessThan(150 + module);
    expect(Number(corner.getAttribute('width'))).toBe(7 * module);
    // Extra-rounded: the corner square's outline is arcs of more than half its side, not corners.
    const outline = svg.querySelector('clipPath[id^="clip-path-corners-square-color-0-0"] path')!.getAttribute('d')!;
    const radius = Number(/a (\d+) /.exec(outline)?.[1]);
    expect(radius).toBeGreaterThan(2 * module);
    // The photo covers about a quarter of the code's width, and no more.
    const photo = Number(svg.querySelector('image')!.getAttribute('width')!.replace('px', ''));
    expect(photo / (modules * module)).toBeGreaterThan(0.18);
    expect(photo / (modules * module)).toBeLessThan(0.27);
  });
});

describe("the authenticator app's code", { timeout: 60_000 }, () => {
  // A phone shows the 200 px box at twice its pixels; a screenshot of it is read scaled down.
  it.each(
    seeded(4, 7).map((name) =>
      name
        .toUpperCase()
        .replace(/[^A-Z2-7]/g, 'Q')
        .padEnd(32, 'A'),
    ),
  )('secret %s reads at a whole number of pixels a module, and scaled down', async (secret) => {
    const uri = `otpauth://totp/Cardlink:ada%40example.com?secret=${secret}&issuer=Cardlink&algorithm=SHA1&digits=6&period=30`;
    const svg = authenticatorSvg(uri);
    const [, width, side] = /width="(\d+)".*viewBox="0 0 (\d+) /.exec(svg) ?? [];
    expect(Number(width) % Number(side)).toBe(0);
    expect(Number(width)).toBeLessThanOrEqual(200);
    const onPhone = await sharp(Buffer.from(svg), { density: 144 }).png().toBuffer();
    const { readings } = await readQr(onPhone, [Number(width) * 2, 236, 200]);
    expect(misreadings(readings, uri)).toEqual([]);
  });
});
