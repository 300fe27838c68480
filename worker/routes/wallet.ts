import { Hono } from 'hono';
import type { Answer } from '@shared/schemas/responses';
import type {
  GoogleSaveLink,
  googleSaveLinkResponse,
  WalletAvailability,
  walletAvailabilityResponse,
} from '@shared/schemas/wallet';
import type { AppEnv } from '../env';
import { requireAuth } from '../middleware/auth';
import { PKPASS_TYPE } from '../wallet/apple-pass';
import { applePass, googlePassUrl, walletAvailability } from '../services/wallet';

const origin = (url: string) => new URL(url).origin;

/** The owner's card in Apple Wallet and Google Wallet, each only when configured. */
export const wallet = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', (c) => {
    const data: WalletAvailability = walletAvailability(c.env);
    return c.json({ success: true, data } satisfies Answer<typeof walletAvailabilityResponse>);
  })
  .get('/apple', async (c) => {
    const { pass, fileName } = await applePass(c.env, c.var.db, origin(c.req.url), c.var.userId);
    return new Response(pass, {
      headers: {
        'Content-Type': PKPASS_TYPE,
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Cache-Control': 'no-store',
      },
    });
  })
  .get('/google', async (c) => {
    const data: GoogleSaveLink = { url: await googlePassUrl(c.env, c.var.db, origin(c.req.url), c.var.userId) };
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, data } satisfies Answer<typeof googleSaveLinkResponse>);
  });
