import type { Bindings } from '../env';

// The operator's wallet credentials (README, Configuration: wallet passes), read from secrets.
// A wallet is offered only when every one of its secrets is set; nothing falls back in development.

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
