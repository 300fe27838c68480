// A Google Wallet generic pass as a "save" link: a JWT signed (RS256) with the issuer's service
// account key, carrying the class and the object, which Google creates when the link is opened
// (Google Wallet API, "Add to Google Wallet" links). No call to Google is made from here.
import jwt from '@tsndr/cloudflare-worker-jwt';
import type { GoogleWalletConfig } from './config';
import type { PassContent } from './pass-content';
import { importSigningKey } from './pem';

export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';
/** One class per issuer for every card of this deployment. */
const CLASS_SUFFIX = 'cardlink_card';

const text = (value: string) => ({ defaultValue: { language: 'en', value } });

/** The save link's claims: the generic class and this card's object. */
export function saveClaims(
  config: GoogleWalletConfig,
  content: PassContent,
  options: { objectSuffix: string; origin: string; heroImageUrl: string; now: number },
) {
  const classId = `${config.issuerId}.${CLASS_SUFFIX}`;
  return {
    iss: config.serviceAccountEmail,
    aud: 'google',
    typ: 'savetowallet',
    iat: Math.floor(options.now / 1000),
    origins: [options.origin],
    payload: {
      genericClasses: [{ id: classId }],
      genericObjects: [
        {
          id: `${config.issuerId}.${options.objectSuffix}`,
          classId,
          state: 'ACTIVE',
          cardTitle: text('Cardlink'),
          header: text(content.name),
          subheader: text(content.titleLine),
          hexBackgroundColor: content.colours.background,
          ...(content.avatarUrl
            ? { logo: { sourceUri: { uri: content.avatarUrl }, contentDescription: text(content.name) } }
            : {}),
          heroImage: { sourceUri: { uri: options.heroImageUrl }, contentDescription: text(`@${content.username}`) },
          textModulesData: [{ id: 'username', header: 'Card', body: `@${content.username}` }],
          linksModuleData: { uris: [{ id: 'card', uri: content.cardUrl, description: 'Open the card' }] },
          barcode: { type: 'QR_CODE', value: content.qrUrl, alternateText: `@${content.username}` },
        },
      ],
    },
  };
}

/** The https://pay.google.com/gp/v/save/<jwt> link of a card. */
export async function googleSaveUrl(config: GoogleWalletConfig, claims: ReturnType<typeof saveClaims>) {
  const token = await jwt.sign(claims, await importSigningKey(config.privateKey), { algorithm: 'RS256' });
  return `${GOOGLE_SAVE_URL}${token}`;
}
