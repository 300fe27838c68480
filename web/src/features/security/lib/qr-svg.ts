import QRCodeStyling from 'qr-code-styling';

/**
 * The otpauth:// URI as a QR code an authenticator app scans: plain black squares on white
 * (every app reads those), drawn as SVG. Loaded only when someone sets the app up.
 */
export async function qrSvg(data: string, size = 200): Promise<string> {
  const qr = new QRCodeStyling({
    type: 'svg',
    width: size,
    height: size,
    margin: 8,
    data,
    qrOptions: { errorCorrectionLevel: 'M' },
    dotsOptions: { type: 'square', color: '#000000' },
    backgroundOptions: { color: '#ffffff' },
  });
  const blob = await qr.getRawData('svg');
  if (!blob) throw new Error('QR code could not be drawn');
  return blob instanceof Blob ? blob.text() : blob.toString('utf8');
}
