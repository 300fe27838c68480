import { plainQrSvg, scannableQr } from '@shared/qr-code';

/**
 * The otpauth:// URI as a QR code an authenticator app scans: plain black squares on white
 * (every app reads those), drawn as SVG. Loaded only when someone sets the app up. As wide as
 * fits in `room` pixels at a whole number of pixels a module: modules of uneven width (6 and 7
 * device pixels, as 200 px across 61 modules gives) lost ZXing and jsQR once scaled down.
 */
export function qrSvg(data: string, room = 200) {
  const code = scannableQr(data, 'M');
  const side = code.size + 8;
  return plainQrSvg(code, '#000000', { pixels: Math.max(1, Math.floor(room / side)) * side }).svg;
}
