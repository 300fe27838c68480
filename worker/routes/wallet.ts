import { Hono } from 'hono';
import type { Answer } from '@shared/schemas/responses';
import type {
  GoogleSaveLink,
  googleSaveLinkResponse,
  WalletAvailability,
  walletAvailabilityResponse,
} from '@shared/schemas/wallet';
import type { AppEnv } from '../env';
import { notFound } from '../lib/errors';
import { requireAuth } from '../middleware/auth';
import { withCard } from '../middleware/card';
import { ogImageUrl } from '../og/og-meta';
import { cardVersion } from '../pages/page-cache';
import { walletCard } from '../services/wallet';
import {
  APPLE_UNAVAILABLE,
  appleWallet,
  GOOGLE_UNAVAILABLE,
  googleWallet,
  PKPASS_TYPE,
  signing,
  walletAvailability,
} from '../wallet/config';
import { passContent } from '../wallet/pass-content';

const origin = (url: string) => new URL(url).origin;

/**
 * The owner's card in Apple Wallet and Google Wallet, each only when configured. The signing
 * code (pkijs, asn1js, the pass images' renderer) loads on the first pass asked for in an
 * isolate, so no other request pays for it.
 */
export const wallet = new Hono<AppEnv>()
  .use(requireAuth, withCard)
  .get('/', (c) => {
    const data: WalletAvailability = walletAvailability(c.env);
    return c.json({ success: true, data } satisfies Answer<typeof walletAvailabilityResponse>);
  })
  .get('/apple', async (c) => {
    const config = appleWallet(c.env);
    if (!config) throw notFound(APPLE_UNAVAILABLE);
    const { card, cardUrl, serial } = await walletCard(c.var.db, origin(c.req.url), c.var.cardId);
    const { buildPkpass } = await import('../wallet/apple-pass');
    const pass = await signing('Apple Wallet', () =>
      buildPkpass(c.env.MEDIA, config, passContent(card, cardUrl), serial),
    );
    return new Response(pass, {
      headers: {
        'Content-Type': PKPASS_TYPE,
        'Content-Disposition': `attachment; filename="${card.username}.pkpass"`,
        'Cache-Control': 'no-store',
      },
    });
  })
  .get('/google', async (c) => {
    const config = googleWallet(c.env);
    if (!config) throw notFound(GOOGLE_UNAVAILABLE);
    const { card, cardUrl, serial } = await walletCard(c.var.db, origin(c.req.url), c.var.cardId);
    const version = await cardVersion(card);
    // A new object per card version: Google keeps a saved object as it was first saved.
    const { googleSaveUrl, saveClaims } = await import('../wallet/google-pass');
    const claims = saveClaims(config, passContent(card, cardUrl), {
      objectSuffix: `cardlink-${serial}-${version.slice(0, 12)}`,
      origin: origin(c.req.url),
      heroImageUrl: ogImageUrl(cardUrl, version),
      now: Date.now(),
    });
    const data: GoogleSaveLink = { url: await signing('Google Wallet', () => googleSaveUrl(config, claims)) };
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, data } satisfies Answer<typeof googleSaveLinkResponse>);
  });
