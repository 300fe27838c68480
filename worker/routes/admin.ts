import { Hono } from 'hono';
import type { Answer, messageResponse } from '@shared/schemas/responses';
import { validator } from 'hono/validator';
import {
  accountIdParam,
  accountSearchQuery,
  type adminAccountsResponse,
  adminActionBody,
  type adminAuditResponse,
  type adminFlaggedLinksResponse,
  type adminReportsResponse,
  reportIdParam,
  takedownBody,
} from '@shared/schemas/operators';
import type { AppEnv } from '../env';
import { notFound } from '../lib/errors';
import { validate } from '../lib/validate';
import { requireAdmin } from '../middleware/admin';
import { limitBody } from '../middleware/body-limit';
import {
  actOnAccount,
  actorOf,
  dismissReport,
  listAccounts,
  listAudit,
  listFlaggedLinks,
  listReports,
  type AccountAction,
} from '../services/admin';

const accountId = validator('param', (value) => {
  const parsed = accountIdParam.safeParse(value);
  if (!parsed.success) throw notFound('Account not found');
  return parsed.data;
});
const reportId = validator('param', (value) => {
  const parsed = reportIdParam.safeParse(value);
  if (!parsed.success) throw notFound('Report not found');
  return parsed.data;
});

const MESSAGES: Record<AccountAction, string> = {
  activate: 'The account is active.',
  deactivate: 'The account is deactivated: signed out everywhere, its card offline.',
  reject: 'The account was rejected and deleted.',
  takedown: 'The card is taken down. Its owner sees the reason in their dashboard.',
  restore: 'The card is back online.',
};

/**
 * /v1/admin: the console's API. requireAdmin answers 404 to anyone but a signed-in operator
 * whose session used a second factor, so for everyone else these routes do not exist.
 */
export const admin = new Hono<AppEnv>()
  .use(requireAdmin)
  .use(limitBody(16 * 1024))
  .get('/accounts', validate('query', accountSearchQuery), async (c) =>
    c.json({ success: true, data: await listAccounts(c.var.db, c.req.valid('query')) } satisfies Answer<
      typeof adminAccountsResponse
    >),
  )
  .post('/accounts/:id/takedown', accountId, validate('json', takedownBody), async (c) => {
    const actor = await actorOf(c.var.db, c.var.userId);
    const { id } = c.req.valid('param');
    await actOnAccount(c.var.db, c.env, actor, { id, action: 'takedown', reason: c.req.valid('json').reason });
    return c.json({ success: true, message: MESSAGES.takedown } satisfies Answer<typeof messageResponse>);
  })
  .post(
    '/accounts/:id/:action{activate|deactivate|reject|restore}',
    accountId,
    validate('json', adminActionBody),
    async (c) => {
      const actor = await actorOf(c.var.db, c.var.userId);
      const name = c.req.param('action') as AccountAction;
      await actOnAccount(c.var.db, c.env, actor, {
        id: c.req.valid('param').id,
        action: name,
        reason: c.req.valid('json').reason,
      });
      return c.json({ success: true, message: MESSAGES[name] } satisfies Answer<typeof messageResponse>);
    },
  )
  .get('/reports', async (c) =>
    c.json({ success: true, data: await listReports(c.var.db) } satisfies Answer<typeof adminReportsResponse>),
  )
  .post('/reports/:id/dismiss', reportId, validate('json', adminActionBody), async (c) => {
    const actor = await actorOf(c.var.db, c.var.userId);
    await dismissReport(c.var.db, actor, c.req.valid('param').id, c.req.valid('json').reason);
    return c.json({ success: true, message: 'The report is dismissed.' } satisfies Answer<typeof messageResponse>);
  })
  .get('/flagged-links', async (c) =>
    c.json({ success: true, data: await listFlaggedLinks(c.var.db) } satisfies Answer<
      typeof adminFlaggedLinksResponse
    >),
  )
  .get('/audit', async (c) =>
    c.json({ success: true, data: await listAudit(c.var.db) } satisfies Answer<typeof adminAuditResponse>),
  );
