import { plainQrSvg, scannableQr } from '@shared/qr-code';

/**
 * The otpauth:// URI as a QR code an authenticator app scans: plain black squares on white
 * (every app reads those), drawn as SVG. Loaded only when someone sets the app up.
 */
export const qrSvg = (data: string, pixels = 200) => plainQrSvg(scannableQr(data, 'M'), '#000000', { pixels }).svg;
