import type { WalletAvailability } from '@shared/schemas/wallet';
import type { Bindings } from '../env';
import { MisconfiguredError } from '../lib/config';

// The operator's wallet credentials (README, Configuration: wallet passes), read from secrets.
// A wallet is offered only when every one of its secrets is set; nothing falls back in development.

export const PKPASS_TYPE = 'application/vnd.apple.pkpass';
export const APPLE_UNAVAILABLE = 'Apple Wallet passes are not available on this server';
export const GOOGLE_UNAVAILABLE = 'Google Wallet passes are not available on this server';

export type AppleWalletConfig = {
  passTypeId: string;
  teamId: string;
  /** PEM: the Pass Type ID certificate, its private key (PKCS#8 or PKCS#1) and Apple's WWDR intermediate. */
  certificate: string;
  privateKey: string;
  wwdrCertificate: string;
};

export type GoogleWalletConfig = {
  issuerId: string;
  serviceAccountEmail: string;
  /** PEM (PKCS#8), as in the service account's JSON key; `\n` escapes are accepted. */
  privateKey: string;
};

const present = (value: string | undefined) => (value && value.trim() ? value.trim() : null);

/** Secrets pasted from a JSON key keep their `\n` escapes; PEM wants real line breaks. */
const pem = (value: string) => value.replace(/\\n/g, '\n');

export function appleWallet(env: Partial<Bindings>): AppleWalletConfig | null {
  const passTypeId = present(env.APPLE_PASS_TYPE_ID);
  const teamId = present(env.APPLE_TEAM_ID);
  const certificate = present(env.APPLE_PASS_CERT);
  const privateKey = present(env.APPLE_PASS_KEY);
  const wwdrCertificate = present(env.APPLE_WWDR_CERT);
  if (!passTypeId || !teamId || !certificate || !privateKey || !wwdrCertificate) return null;
  return {
    passTypeId,
    teamId,
    certificate: pem(certificate),
    privateKey: pem(privateKey),
    wwdrCertificate: pem(wwdrCertificate),
  };
}

export function googleWallet(env: Partial<Bindings>): GoogleWalletConfig | null {
  const issuerId = present(env.GOOGLE_WALLET_ISSUER_ID);
  const serviceAccountEmail = present(env.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL);
  const privateKey = present(env.GOOGLE_WALLET_PRIVATE_KEY);
  if (!issuerId || !serviceAccountEmail || !privateKey) return null;
  return { issuerId, serviceAccountEmail, privateKey: pem(privateKey) };
}

/** Which wallets the operator configured (the dashboard shows only their buttons). */
export const walletAvailability = (env: Bindings): WalletAvailability => ({
  apple: appleWallet(env) !== null,
  google: googleWallet(env) !== null,
});

/** A secret that is set but cannot be used: a 500 whose log line names what to fix. */
export async function signing<T>(wallet: string, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    throw new MisconfiguredError(`${wallet} credentials could not sign: ${String(error)}`);
  }
}
