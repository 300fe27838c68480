import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { CHALLENGE_TTL_MS, PASSKEYS_PER_USER_MAX } from '@shared/constants';
import { authChallenges, passkeys, cards, users } from '../db/schema';
import type { Db } from '../env';
import { AppError, fieldError, notFound } from '../lib/errors';
import { listPasskeys, PASSKEY_NOT_FOUND, type RelyingParty } from './passkeys';
import { primaryCardOf } from './card-owner';

// Passkeys (WebAuthn) through @simplewebauthn/server, which runs on WebCrypto. A passkey signs
// in on its own, in place of the password and the second factor, so user verification (the
// device's PIN or biometrics) is required: possession and a second factor in one gesture. The
// library and its ASN.1 and X.509 parsers are heavy: the routes import this module on the first
// ceremony in an isolate, so no other request evaluates them.

const NOT_VERIFIED = 'This passkey could not be verified. Please try again.';
const ALREADY_REGISTERED = 'This passkey is already registered.';

type ChallengeKind = 'passkey_register' | 'passkey_sign_in';

async function storeChallenge(db: Db, challenge: string, kind: ChallengeKind, userId: string | null, now: number) {
  await db
    .insert(authChallenges)
    .values({ id: challenge, kind, userId, expiresAt: now + CHALLENGE_TTL_MS, createdAt: now });
}

/** The challenge the browser signed (from clientDataJSON), claimed once; null when unknown or used. */
async function claimChallenge(db: Db, clientDataJSON: unknown, kind: ChallengeKind, now: number) {
  let challenge: string;
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(String(clientDataJSON))) as { challenge?: unknown };
    if (typeof data.challenge !== 'string') return null;
    challenge = data.challenge;
  } catch {
    return null;
  }
  const claimed = await db
    .update(authChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(authChallenges.id, challenge),
        eq(authChallenges.kind, kind),
        isNull(authChallenges.usedAt),
        gt(authChallenges.expiresAt, now),
      ),
    )
    .returning({ userId: authChallenges.userId })
    .get();
  return claimed ? { challenge, userId: claimed.userId } : null;
}

/** Options for adding a passkey (the caller has confirmed who is asking). */
export async function passkeyRegistrationOptions(db: Db, userId: string, rp: RelyingParty, now = Date.now()) {
  const [account, existing] = await Promise.all([
    db
      .select({ email: users.email, name: cards.name })
      .from(users)
      .innerJoin(cards, primaryCardOf(users.id))
      .where(eq(users.id, userId))
      .get(),
    db
      .select({ id: passkeys.id, transports: passkeys.transports })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .all(),
  ]);
  if (!account) throw notFound('User not found');
  if (existing.length >= PASSKEYS_PER_USER_MAX)
    throw new AppError(422, `You can add at most ${PASSKEYS_PER_USER_MAX} passkeys.`);
  const options = await generateRegistrationOptions({
    rpName: 'Cardlink',
    rpID: rp.id,
    userName: account.email,
    userDisplayName: account.name,
    userID: isoUint8Array.fromUTF8String(userId),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: row.transports ?? undefined })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(db, options.challenge, 'passkey_register', userId, now);
  return options;
}

/** Checks the browser's answer to those options and stores the new passkey. */
export async function registerPasskey(
  db: Db,
  userId: string,
  rp: RelyingParty,
  body: { name?: string; response: Record<string, unknown> },
  now = Date.now(),
) {
  const response = body.response as unknown as RegistrationResponseJSON;
  const claimed = await claimChallenge(db, response.response?.clientDataJSON, 'passkey_register', now);
  if (!claimed || claimed.userId !== userId) throw fieldError('response', NOT_VERIFIED);
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: claimed.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw fieldError('response', NOT_VERIFIED);
  const { credential, credentialBackedUp } = verification.registrationInfo;
  const inserted = await db
    .insert(passkeys)
    .values({
      id: credential.id,
      userId,
      name: body.name || 'Passkey',
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? null,
      backedUp: credentialBackedUp,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: passkeys.id })
    .get();
  if (!inserted) throw new AppError(409, ALREADY_REGISTERED);
  const added = (await listPasskeys(db, userId)).find((row) => row.id === inserted.id);
  if (!added) throw notFound(PASSKEY_NOT_FOUND);
  return added;
}

/** Options for signing in with any passkey of this site: the browser lets the person choose. */
export async function passkeySignInOptions(db: Db, rp: RelyingParty, now = Date.now()) {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
  await storeChallenge(db, options.challenge, 'passkey_sign_in', null, now);
  return options;
}

/** Checks a passkey sign-in; answers the account's id, or null when anything does not verify. */
export async function verifyPasskeySignIn(db: Db, rp: RelyingParty, body: Record<string, unknown>, now = Date.now()) {
  const response = body as unknown as AuthenticationResponseJSON;
  const claimed = await claimChallenge(db, response.response?.clientDataJSON, 'passkey_sign_in', now);
  if (!claimed) return null;
  const passkey = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.id, String(response.id)))
    .get();
  if (!passkey) return null;
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: claimed.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.id,
      publicKey: isoBase64URL.toBuffer(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports ?? undefined,
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) return null;
  await db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: now })
    .where(eq(passkeys.id, passkey.id));
  return passkey.userId;
}
