// An Apple Wallet pass (.pkpass): a zip of pass.json, its images, manifest.json (the SHA-1 of
// every other file) and signature (PKCS#7 detached over manifest.json), per Apple's Wallet docs.
import { zipSync } from 'fflate';
import type { AppleWalletConfig } from './config';
import type { PassContent } from './pass-content';
import { rgbOf } from './pass-content';
import { markPng, thumbnailPng } from './pass-images';
import { signDetached } from './pkcs7';

const encoder = new TextEncoder();

async function sha1Hex(bytes: Uint8Array) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** pass.json of a generic pass: name first, the title line and @username beneath, the QR below. */
export function passJson(config: AppleWalletConfig, content: PassContent, serialNumber: string) {
  return {
    formatVersion: 1,
    passTypeIdentifier: config.passTypeId,
    teamIdentifier: config.teamId,
    serialNumber,
    organizationName: 'Cardlink',
    description: `${content.name}'s card`,
    logoText: 'Cardlink',
    backgroundColor: rgbOf(content.colours.background),
    foregroundColor: rgbOf(content.colours.foreground),
    labelColor: rgbOf(content.colours.label),
    generic: {
      primaryFields: [{ key: 'name', label: 'Name', value: content.name }],
      secondaryFields: [{ key: 'title', label: 'Title', value: content.titleLine }],
      auxiliaryFields: [{ key: 'username', label: 'Card', value: `@${content.username}` }],
      backFields: [{ key: 'url', label: 'Card', value: content.cardUrl }],
    },
    barcodes: [
      {
        format: 'PKBarcodeFormatQR',
        message: content.qrUrl,
        messageEncoding: 'iso-8859-1',
        altText: `@${content.username}`,
      },
    ],
  };
}

/** The images a generic pass draws, at 1x, 2x and 3x: icon (29 pt), logo (50 pt), thumbnail (90 pt). */
async function passImages(bucket: R2Bucket, content: PassContent) {
  const [icon, icon2, icon3, logo, logo2, logo3, thumb, thumb2, thumb3] = await Promise.all([
    markPng(29),
    markPng(58),
    markPng(87),
    markPng(50),
    markPng(100),
    markPng(150),
    thumbnailPng(bucket, content.name, content.avatarUrl, 90),
    thumbnailPng(bucket, content.name, content.avatarUrl, 180),
    thumbnailPng(bucket, content.name, content.avatarUrl, 270),
  ]);
  return {
    'icon.png': icon,
    'icon@2x.png': icon2,
    'icon@3x.png': icon3,
    'logo.png': logo,
    'logo@2x.png': logo2,
    'logo@3x.png': logo3,
    'thumbnail.png': thumb,
    'thumbnail@2x.png': thumb2,
    'thumbnail@3x.png': thumb3,
  };
}

/** The signed .pkpass of a card. */
export async function buildPkpass(
  bucket: R2Bucket,
  config: AppleWalletConfig,
  content: PassContent,
  serialNumber: string,
): Promise<Uint8Array> {
  const files: Record<string, Uint8Array> = {
    'pass.json': encoder.encode(JSON.stringify(passJson(config, content, serialNumber))),
    ...(await passImages(bucket, content)),
  };
  const manifest: Record<string, string> = {};
  for (const [name, bytes] of Object.entries(files)) manifest[name] = await sha1Hex(bytes);
  const manifestBytes = encoder.encode(JSON.stringify(manifest));
  const signature = await signDetached(manifestBytes, {
    certificate: config.certificate,
    privateKey: config.privateKey,
    chain: [config.wwdrCertificate],
  });
  return zipSync({ ...files, 'manifest.json': manifestBytes, signature });
}
