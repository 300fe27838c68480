import { toBase64Url } from './hashing';

// Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; README,
// Decisions: bounds): a browser that completed a sign-in to an account gets an HttpOnly cookie
// naming that account and a random nonce, signed with a key derived from JWT_SECRET. Failed
// sign-ins from such a device are bounded per device, so an attacker guessing from anywhere
// else, who exhausts the account's budget for unknown devices, cannot lock its owner out.

/** The cookie prefix; one cookie per account the browser has signed in to. */
export const DEVICE_COOKIE = 'cl_device';
/** A year: a device that signed in within it stays known. */
export const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export type KnownDevice = { userId: string; nonce: string };

let cached: { secret: string; key: Promise<CryptoKey> } | null = null;

function deviceKey(secret: string) {
  if (cached?.secret === secret) return cached.key;
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(`device-cookie\n${secret}`),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  cached = { secret, key };
  return key;
}

const signed = async (secret: string, userId: string, nonce: string) =>
  toBase64Url(
    new Uint8Array(
      await crypto.subtle.sign('HMAC', await deviceKey(secret), new TextEncoder().encode(`${userId}\n${nonce}`)),
      0,
      16,
    ),
  );

/** The cookie's name for an account: the prefix and a short tag of the user id (ids are UUIDs). */
export const deviceCookieName = (userId: string) => `${DEVICE_COOKIE}_${userId.replace(/-/g, '').slice(0, 12)}`;

/** A new device cookie's value for the account. */
export async function newDeviceCookie(secret: string, userId: string) {
  const nonce = toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
  return `${userId}.${nonce}.${await signed(secret, userId, nonce)}`;
}

/** The device a request's cookies prove for this account, or null (none, forged, another account's). */
export async function knownDevice(
  secret: string,
  cookies: Record<string, string>,
  userId: string | undefined,
): Promise<KnownDevice | null> {
  if (!userId) return null;
  const value = cookies[deviceCookieName(userId)];
  const [owner, nonce, mac, extra] = value?.split('.') ?? [];
  if (owner !== userId || !nonce || !mac || extra !== undefined) return null;
  const expected = await signed(secret, userId, nonce);
  // Both are 22 characters of base64url; compare them all.
  let diff = expected.length ^ mac.length;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ (mac.charCodeAt(i) || 0);
  return diff === 0 ? { userId, nonce } : null;
}
