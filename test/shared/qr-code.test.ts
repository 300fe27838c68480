// shared/qr-code.ts: the encoding we pick reads with ZXing, ZBar and jsQR at every size, where
// the encoder's own choice did not for some card URLs (a data pattern read as a fourth corner).
import { scanRGBABuffer } from '@undecaf/zbar-wasm';
import { BinaryBitmap, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import jsQR from 'jsqr';
import qrcode from 'qrcode-generator';
import { describe, expect, it } from 'vitest';
import { finderLookalikes, plainQrSvg, scannableQr, type QrLevel, type QrMatrix } from '../../shared/qr-code';

/** The code drawn crisp, `px` pixels a module, with a four-module quiet zone. */
function draw(code: QrMatrix, px: number) {
  const side = (code.size + 8) * px;
  const rgba = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let row = 0; row < code.size; row++)
    for (let col = 0; col < code.size; col++)
      if (code.isDark(row, col))
        for (let y = 0; y < px; y++)
          for (let x = 0; x < px; x++) {
            const at = (((row + 4) * px + y) * side + (col + 4) * px + x) * 4;
            rgba.fill(0, at, at + 3);
          }
  return { rgba, side };
}

function zxing(rgba: Uint8ClampedArray, side: number) {
  const luminance = new Uint8ClampedArray(side * side).map((_, i) => rgba[i * 4]!);
  try {
    const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, side, side)));
    return new QRCodeReader().decode(bitmap, new Map([[DecodeHintType.TRY_HARDER, true]])).getText();
  } catch {
    return null;
  }
}

/** What each decoder fails to read at each size: empty when all read `text`. */
async function misreadings(code: QrMatrix, text: string, sizes: number[]) {
  const wrong: string[] = [];
  for (const px of sizes) {
    const { rgba, side } = draw(code, px);
    const [symbol] = await scanRGBABuffer(rgba.slice().buffer, side, side);
    const read = {
      zxing: zxing(rgba, side),
      zbar: symbol?.decode() ?? null,
      jsqr: jsQR(rgba, side, side)?.data ?? null,
    };
    for (const [decoder, got] of Object.entries(read)) if (got !== text) wrong.push(`${decoder} at ${px} px/module`);
  }
  return wrong;
}

const modulesOf = (code: QrMatrix) =>
  Array.from({ length: code.size }, (_, row) => Array.from({ length: code.size }, (_, col) => code.isDark(row, col)));

function encoderOwn(text: string, level: QrLevel): QrMatrix {
  const code = qrcode(0, level);
  code.addData(text, 'Byte');
  code.make();
  return { size: code.getModuleCount(), isDark: (row, col) => code.isDark(row, col) };
}

/** Card URLs for usernames drawn from a fixed seed: the same every run. */
function cardUrls(origin: string, count: number, seed: number) {
  const letters = 'abcdefghijklmnopqrstuvwxyz0123456789_';
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, () => {
    const length = 3 + Math.floor(next() * 28);
    const name = Array.from({ length }, () => letters[Math.floor(next() * letters.length)]).join('');
    return `${origin}/p/${name}?src=qr`;
  });
}

describe('scannableQr', { timeout: 120_000 }, () => {
  // The username a CI run drew for the virtual background: ZXing read nothing of the encoder's code.
  const unlucky = 'https://card.test/p/user_mwxa99ao125t4?src=qr';

  it("reads where the encoder's own choice did not", async () => {
    const own = encoderOwn(unlucky, 'M');
    expect(finderLookalikes(modulesOf(own)).length).toBeGreaterThan(0);
    expect(await misreadings(own, unlucky, [9])).toContain('zxing at 9 px/module');

    const chosen = scannableQr(unlucky, 'M');
    expect(finderLookalikes(modulesOf(chosen))).toEqual([]);
    expect(await misreadings(chosen, unlucky, [2, 3, 4, 6, 9, 12])).toEqual([]);
  });

  it('keeps a code without lookalikes as the encoder made it', () => {
    const text = cardUrls('https://card.test', 40, 7).find(
      (url) => finderLookalikes(modulesOf(encoderOwn(url, 'M'))).length === 0,
    )!;
    expect(modulesOf(scannableQr(text, 'M'))).toEqual(modulesOf(encoderOwn(text, 'M')));
  });

  for (const [origin, level] of [
    ['https://card.test', 'M'],
    ['https://cardlink.example.com', 'H'],
  ] as const)
    it(`reads with every decoder for 40 card URLs on ${origin} at level ${level}`, async () => {
      const wrong: string[] = [];
      for (const url of cardUrls(origin, 40, level === 'M' ? 1 : 2)) {
        const code = scannableQr(url, level);
        if (finderLookalikes(modulesOf(code)).length) wrong.push(`${url}: a lookalike left`);
        for (const miss of await misreadings(code, url, [3, 9])) wrong.push(`${url}: ${miss}`);
      }
      expect(wrong).toEqual([]);
    });

  it('reads an authenticator URI of 120 characters', async () => {
    const uri =
      'otpauth://totp/CardLink:ada.lovelace%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=CardLink&digits=6';
    expect(await misreadings(scannableQr(uri, 'M'), uri, [3, 6])).toEqual([]);
  });
});

describe('plainQrSvg', () => {
  it('draws every dark module as a unit square inside a quiet zone, at the size asked', () => {
    const code = scannableQr('https://card.test/p/ada?src=qr', 'M');
    const { svg, side } = plainQrSvg(code, '#123456', { pixels: 200 });
    expect(side).toBe(code.size + 8);
    expect(svg).toContain(`width="200" height="200" viewBox="0 0 ${side} ${side}"`);
    expect(svg.match(/h1v1h-1z/g)).toHaveLength(modulesOf(code).flat().filter(Boolean).length);
    expect(svg).toContain('fill="#123456"');
    expect(plainQrSvg(code, '#000').svg).not.toMatch(/<svg[^>]* width=/);
  });
});
