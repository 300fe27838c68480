import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

// A software passkey authenticator: what a phone's secure element does in a WebAuthn ceremony,
// with a P-256 key in WebCrypto, so the Worker's checks run on genuine signatures (the browser
// suite does the same through Chromium's virtual authenticator).

const enc = new TextEncoder();
const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) out.set(part, (at += part.length) - part.length);
  return out;
};
const sha256 = async (bytes: Uint8Array) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes)));
const u32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

/** WebCrypto signs ECDSA as r||s; WebAuthn wants the ASN.1 DER sequence. */
function derSignature(raw: Uint8Array) {
  const integer = (bytes: Uint8Array) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start++;
    const trimmed = bytes.slice(start);
    const value = (trimmed[0] ?? 0) & 0x80 ? concat(new Uint8Array([0]), trimmed) : trimmed;
    return concat(new Uint8Array([0x02, value.length]), value);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

type Options = { challenge: string; rp?: { id?: string }; rpId?: string; user?: { id: string } };

export async function createAuthenticator(origin: string) {
  const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey('jwk', keys.publicKey)) as JsonWebKey;
  const credentialId = crypto.getRandomValues(new Uint8Array(16));
  let counter = 0;
  let userHandle = '';
  const rpHash = (id: string) => sha256(enc.encode(id));
  const clientData = (type: string, challenge: string) =>
    enc.encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  // Flags: user present (0x01), user verified (0x04); 0x40 when credential data follows.
  const UP_UV = 0x05;

  return {
    id: b64(credentialId),
    /** navigator.credentials.create(): the answer the browser posts after a new passkey. */
    async register(options: Options, { verified = true } = {}) {
      userHandle = options.user?.id ?? '';
      const cose = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]);
      const authData = concat(
        await rpHash(options.rp?.id ?? ''),
        new Uint8Array([(verified ? UP_UV : 0x01) | 0x40]),
        u32(counter),
        new Uint8Array(16),
        new Uint8Array([0, credentialId.length]),
        credentialId,
        isoCBOR.encode(cose),
      );
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]) as never,
      );
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    /** navigator.credentials.get(): a signed assertion over the server's challenge. */
    async signIn(options: Options, overrides: { origin?: string } = {}) {
      counter += 1;
      const data = overrides.origin
        ? enc.encode(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: overrides.origin }))
        : clientData('webauthn.get', options.challenge);
      const authData = concat(await rpHash(options.rpId ?? ''), new Uint8Array([UP_UV]), u32(counter));
      const signed = concat(authData, await sha256(data));
      const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.privateKey, signed));
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64(data),
          authenticatorData: b64(authData),
          signature: b64(derSignature(raw)),
          userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}
