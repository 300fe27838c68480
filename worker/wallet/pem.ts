// PEM as operators paste it into secrets: certificates, and RSA keys in PKCS#8 or PKCS#1.
import * as asn1js from 'asn1js';

const RSA_ENCRYPTION = '1.2.840.113549.1.1.1';
const SIGNING = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

/** The DER inside the first PEM block of the given label (e.g. CERTIFICATE), or null. */
export function pemBody(pem: string, label: string): ArrayBuffer | null {
  const match = new RegExp(`-----BEGIN ${label}-----([\\s\\S]+?)-----END ${label}-----`).exec(pem);
  if (!match) return null;
  try {
    return Uint8Array.from(atob(match[1]!.replace(/\s+/g, '')), (ch) => ch.charCodeAt(0)).buffer;
  } catch {
    return null;
  }
}

/** A PKCS#1 RSA key (BEGIN RSA PRIVATE KEY, what older openssl writes) wrapped as PKCS#8. */
function pkcs1ToPkcs8(pkcs1: ArrayBuffer) {
  const info = new asn1js.Sequence({
    value: [
      new asn1js.Integer({ value: 0 }),
      new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: RSA_ENCRYPTION }), new asn1js.Null()] }),
      new asn1js.OctetString({ valueHex: pkcs1 }),
    ],
  });
  return info.toBER(false);
}

/** The pass key as a WebCrypto signing key: PEM PKCS#8 or PKCS#1, RSA. */
export async function importSigningKey(pem: string) {
  const pkcs8 = pemBody(pem, 'PRIVATE KEY');
  const pkcs1 = pkcs8 ? null : pemBody(pem, 'RSA PRIVATE KEY');
  const der = pkcs8 ?? (pkcs1 ? pkcs1ToPkcs8(pkcs1) : null);
  if (!der) throw new Error('not a PEM private key');
  return crypto.subtle.importKey('pkcs8', der, SIGNING, false, ['sign']);
}
