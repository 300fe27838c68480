import { Hono } from 'hono';
import type { Answer, messageResponse } from '@shared/schemas/responses';
import { accountDeleteBody } from '@shared/schemas/operators';
import { accountLanguageBody, type userResponse } from '@shared/schemas/user';
import type { AppEnv } from '../env';
import { fieldError } from '../lib/errors';
import { validate } from '../lib/validate';
import { requireAuth } from '../middleware/auth';
import { limitBody } from '../middleware/body-limit';
import { logError } from '../lib/log';
import { clearSessionCookies } from '../lib/session-cookies';
import { finishDeletion, startDeletion } from '../services/account-data/deletion';
import { confirmIdentity } from '../services/reauth';
import { totpEnabled } from '../services/totp';
import { setAccountLanguage } from '../services/account-language';
import { getUserView } from '../services/users';

const CODE_NEEDED = 'Enter the 6-digit code from your authenticator app';

/**
 * /v1/user: the account as a whole (README, Operating). Middleware is per route: this app is
 * mounted on /v1/user, beside the other /v1/user/* resources.
 */
export const account = new Hono<AppEnv>()
  /**
   * The account's language: the dashboard's and the e-mails' (docs/product.md §8). A card's
   * language is the card's, set with its profile; this changes none of them.
   */
  .put('/language', requireAuth, limitBody(16 * 1024), validate('json', accountLanguageBody), async (c) => {
    await setAccountLanguage(c.var.db, c.var.userId, c.req.valid('json').language);
    return c.json({
      success: true,
      data: await getUserView(c.var.db, new URL(c.req.url).origin, c.var.userId, c.env),
      message: 'Language updated successfully',
    } satisfies Answer<typeof userResponse>);
  })
  .get('/export', requireAuth, async (c) => {
    const day = new Date().toISOString().slice(0, 10);
    // The zip writer and the statistics' CSV load on the first export in an isolate.
    const { exportArchive } = await import('../services/account-data/export');
    const body = exportArchive(c.var.db, c.env, new URL(c.req.url).origin, c.var.userId);
    return new Response(body, {
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="cardlink-export-${day}.zip"`,
        'Cache-Control': 'no-store',
      },
    });
  })
  /**
   * Deletes the account: the password always, the authenticator code too when that factor is
   * on. The card answers 404 as soon as the first batch has run; should the rest fail, the cron
   * finishes it (deletion.ts), so the answer is a success either way.
   */
  .delete('/', requireAuth, limitBody(16 * 1024), validate('json', accountDeleteBody), async (c) => {
    const db = c.var.db;
    const userId = c.var.userId;
    const { current_password, code } = c.req.valid('json');
    const needsCode = await totpEnabled(db, userId);
    if (needsCode && !code) throw fieldError('code', CODE_NEEDED);
    await confirmIdentity(db, userId, { current_password });
    if (needsCode) await confirmIdentity(db, userId, { code });
    await startDeletion(db, userId);
    try {
      await finishDeletion(db, c.env, userId);
    } catch (error) {
      logError(c.var.requestId, error, { message: 'account deletion left for the cron' });
    }
    // Every session of the account has ended: the browser forgets its cookies too.
    clearSessionCookies(c);
    return c.json({ success: true, message: 'Your account has been deleted.' } satisfies Answer<
      typeof messageResponse
    >);
  });
