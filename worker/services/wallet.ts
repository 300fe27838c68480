import { eq } from 'drizzle-orm';
import type { WalletAvailability } from '@shared/schemas/wallet';
import { profiles } from '../db/schema';
import type { Bindings, Db } from '../env';
import { MisconfiguredError } from '../lib/config';
import { AppError, notFound } from '../lib/errors';
import { ogImageUrl } from '../og/og-meta';
import { cardVersion } from '../pages/page-cache';
import { buildPkpass } from '../wallet/apple-pass';
import { appleWallet, googleWallet } from '../wallet/config';
import { googleSaveUrl, saveClaims } from '../wallet/google-pass';
import { passContent } from '../wallet/pass-content';
import { mediaOwner } from './media';
import { getPublicCard } from './public-card';

export const APPLE_UNAVAILABLE = 'Apple Wallet passes are not available on this server';
export const GOOGLE_UNAVAILABLE = 'Google Wallet passes are not available on this server';
export const PRIVATE_CARD = 'Make your card public before adding it to a wallet';

/** Which wallets the operator configured (the dashboard shows only their buttons). */
export const walletAvailability = (env: Bindings): WalletAvailability => ({
  apple: appleWallet(env) !== null,
  google: googleWallet(env) !== null,
});

/** The signed-in owner's card as a visitor sees it; a private card gets no pass (its QR would lead nowhere). */
async function ownCard(db: Db, origin: string, userId: string) {
  const row = await db.select({ username: profiles.username }).from(profiles).where(eq(profiles.userId, userId)).get();
  const result = row ? await getPublicCard(db, origin, row.username) : ({ status: 'missing' } as const);
  if (result.status === 'missing') throw notFound('Profile not found');
  if (result.status === 'private') throw new AppError(409, PRIVATE_CARD);
  const cardUrl = `${origin}/p/${result.card.username}`;
  return { card: result.card, cardUrl, version: await cardVersion(result.card) };
}

/** A secret that is set but cannot be used: a 500 whose log line names what to fix. */
async function signing<T>(wallet: string, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    throw new MisconfiguredError(`${wallet} credentials could not sign: ${String(error)}`);
  }
}

/** The owner's card as a signed .pkpass, and its file name. */
export async function applePass(env: Bindings, db: Db, origin: string, userId: string) {
  const config = appleWallet(env);
  if (!config) throw notFound(APPLE_UNAVAILABLE);
  const { card, cardUrl } = await ownCard(db, origin, userId);
  // One serial per owner: adding the card again replaces the pass on the phone.
  const serial = await mediaOwner(userId);
  const pass = await signing('Apple Wallet', () => buildPkpass(env.MEDIA, config, passContent(card, cardUrl), serial));
  return { pass, fileName: `${card.username}.pkpass` };
}

/** The owner's card as a Google Wallet save link. */
export async function googlePassUrl(env: Bindings, db: Db, origin: string, userId: string) {
  const config = googleWallet(env);
  if (!config) throw notFound(GOOGLE_UNAVAILABLE);
  const { card, cardUrl, version } = await ownCard(db, origin, userId);
  // A new object per card version: Google keeps a saved object as it was first saved.
  const objectSuffix = `cardlink-${await mediaOwner(userId)}-${version.slice(0, 12)}`;
  const claims = saveClaims(config, passContent(card, cardUrl), {
    objectSuffix,
    origin,
    heroImageUrl: ogImageUrl(cardUrl, version),
    now: Date.now(),
  });
  return signing('Google Wallet', () => googleSaveUrl(config, claims));
}
