// GET /v1/user/share/virtual-background.png: the owner's virtual background
// for video calls, drawn like the Open Graph image, with a QR code two decoders read.
import { BinaryBitmap, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import jsQR from 'jsqr';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodePng, pngSize } from '../../../worker/lib/png';
import { ORIGIN, readAnswer, registerUser, toRequest } from '../helpers';
import { postForm } from '../images';
import { SELF } from 'cloudflare:test';

type Account = Awaited<ReturnType<typeof registerUser>>;

async function background(token: string | undefined, query = '') {
  const res = await SELF.fetch(toRequest(`/v1/user/share/virtual-background.png${query}`, { token }));
  if (res.headers.get('Content-Type') !== 'image/png') return { ...(await readAnswer(res)), bytes: null };
  return { status: res.status, headers: res.headers, body: null, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** What jsQR and ZXing read in the picture. */
async function readCode(bytes: Uint8Array) {
  const bitmap = await decodePng(bytes);
  const rgba = new Uint8ClampedArray(bitmap.width * bitmap.height * 4);
  const luminance = new Uint8ClampedArray(bitmap.width * bitmap.height);
  for (let i = 0; i < bitmap.width * bitmap.height; i++) {
    const [r, g, b] = [0, 1, 2].map((c) => bitmap.data[i * bitmap.channels + (bitmap.channels >= 3 ? c : 0)]!);
    rgba.set([r!, g!, b!, 255], i * 4);
    luminance[i] = (r! * 299 + g! * 587 + b! * 114) / 1000;
  }
  let zxing: string | null;
  try {
    const binary = new BinaryBitmap(
      new HybridBinarizer(new RGBLuminanceSource(luminance, bitmap.width, bitmap.height)),
    );
    zxing = new QRCodeReader().decode(binary, new Map([[DecodeHintType.TRY_HARDER, true]])).getText();
  } catch {
    zxing = null;
  }
  return { jsqr: jsQR(rgba, bitmap.width, bitmap.height)?.data ?? null, zxing };
}

let ada: Account;
let bob: Account;
beforeAll(async () => {
  [ada, bob] = await Promise.all([registerUser({ name: 'Ada Lovelace' }), registerUser()]);
  await postForm('/v1/user/profile/update', ada.token, {
    name: ada.name,
    username: ada.username,
    job_title: 'Head of Design',
    company: 'Acme',
  });
});

describe('GET /v1/user/share/virtual-background.png', { timeout: 60_000 }, () => {
  it('is a 1920x1080 PNG whose QR code is the card URL, never cached', async () => {
    const res = await background(ada.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="${ada.username}-background-1920x1080.png"`,
    );
    expect(pngSize(res.bytes!)).toEqual({ width: 1920, height: 1080 });
    expect(await readCode(res.bytes!)).toEqual({
      jsqr: `${ORIGIN}/p/${ada.username}?src=qr`,
      zxing: `${ORIGIN}/p/${ada.username}?src=qr`,
    });
  });

  it('draws 1280x720 on request, and its code still reads', async () => {
    const res = await background(ada.token, '?size=1280x720');
    expect(pngSize(res.bytes!)).toEqual({ width: 1280, height: 720 });
    expect((await readCode(res.bytes!)).jsqr).toBe(`${ORIGIN}/p/${ada.username}?src=qr`);
  });

  it("draws each owner's own card: Bob's code is Bob's", async () => {
    const res = await background(bob.token, '?size=1280x720');
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="${bob.username}-background-1280x720.png"`,
    );
    expect(await readCode(res.bytes!)).toEqual({
      jsqr: `${ORIGIN}/p/${bob.username}?src=qr`,
      zxing: `${ORIGIN}/p/${bob.username}?src=qr`,
    });
    // Ada's picture is not Bob's at the same size.
    expect((await background(ada.token, '?size=1280x720')).bytes).not.toEqual(res.bytes);
  });

  it('refuses another size with its message, and anyone signed out', async () => {
    const bad = await background(ada.token, '?size=800x600');
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ success: false, errors: { size: ['Size must be 1920x1080 or 1280x720'] } });
    expect((await background(undefined)).status).toBe(401);
  });
});
