import { Hono, type Context } from 'hono';
import type { Answer, messageResponse } from '@shared/schemas/responses';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import type * as AdminSchemas from '@shared/schemas/admin';
import type {
  adminAccountsResponse,
  adminAuditResponse,
  adminFlaggedLinksResponse,
  adminReportsResponse,
} from '@shared/schemas/admin';
import type { adminOrgsResponse } from '@shared/schemas/admin-orgs';
import type { platformStatusResponse } from '@shared/schemas/health';
import type { AppEnv } from '../env';
import { notFound } from '../lib/errors';
import { createMailer } from '../lib/mailer';
import { validate } from '../lib/validate';
import { requireAdmin } from '../middleware/admin';
import { limitBody } from '../middleware/body-limit';
import type { AccountAction } from '../services/admin/actions';
import { outboxMailer } from '../services/dev-outbox';

// The console's services load on an operator's first request in an isolate: the routes stay
// registered (405s, the contract test) while their work never weighs on a card view's start-up.
const accounts = () => import('../services/admin/accounts');
const actions = () => import('../services/admin/actions');
const audit = () => import('../services/admin/audit');
const common = () => import('../services/admin/common');
const moderation = () => import('../services/admin/moderation');
const orgs = () => import('../services/admin/orgs');
const status = () => import('../services/admin/status');
const domains = () => import('../services/domains-on-demand');

// The console's request schemas load on first use too: `validate` only calls a schema's
// safeParseAsync, which this stand-in hands to the schema of the module once it is loaded.
type Schemas = typeof AdminSchemas;
const schemas = () => import('@shared/schemas/admin');
const later = <K extends keyof Schemas>(name: K) =>
  ({
    safeParseAsync: async (value: unknown) => ((await schemas())[name] as z.ZodType).safeParseAsync(value),
  }) as unknown as Schemas[K];

const accountId = validator('param', async (value) => {
  const parsed = await later('accountIdParam').safeParseAsync(value);
  if (!parsed.success) throw notFound('Account not found');
  return parsed.data;
});
const reportId = validator('param', async (value) => {
  const parsed = await later('reportIdParam').safeParseAsync(value);
  if (!parsed.success) throw notFound('Report not found');
  return parsed.data;
});

const MESSAGES: Record<AccountAction, string> = {
  activate: 'The account is active.',
  deactivate: 'The account is deactivated: signed out everywhere, its card offline.',
  reject: 'The sign-up was rejected and deleted.',
  takedown: 'The card is taken down. Its owner sees the reason in their dashboard.',
  restore: 'The card is back online.',
};
const done = (message: string) => ({ success: true, message }) satisfies Answer<typeof messageResponse>;

/**
 * An account action by the signed-in operator, answered with what happened; a takedown or a
 * restore names its card (`cardId`, else the report's card, else the primary one).
 */
async function onAccount(
  c: Context<AppEnv>,
  action: AccountAction,
  id: string,
  input: { reason: string; reportId?: number; cardId?: string },
) {
  const [{ actorOf }, { actOnAccount }] = await Promise.all([common(), actions()]);
  const actor = await actorOf(c.var.db, c.var.userId);
  await actOnAccount(c.var.db, c.env, actor, { id, action, ...input });
  return done(MESSAGES[action]);
}

/**
 * /v1/admin: the console's API. requireAdmin answers 404 to anyone but a signed-in operator
 * whose session used a second factor, so for everyone else these routes do not exist. What can
 * destroy or lock out (reject, deactivate, take down, dismiss, reset a second factor) needs a
 * reason, which the audit log keeps; no action applies to the operator's own account.
 */
export const admin = new Hono<AppEnv>()
  .use(requireAdmin)
  .use(limitBody(16 * 1024))
  .get('/accounts', validate('query', later('accountSearchQuery')), async (c) => {
    const { listAccounts } = await accounts();
    const data = await listAccounts(c.var.db, c.var.userId, c.req.valid('query'));
    return c.json({ success: true, data } satisfies Answer<typeof adminAccountsResponse>);
  })
  .post('/accounts/:id/takedown', accountId, validate('json', later('takedownBody')), async (c) => {
    const { reason, report_id, card_id } = c.req.valid('json');
    return c.json(
      await onAccount(c, 'takedown', c.req.valid('param').id, { reason, reportId: report_id, cardId: card_id }),
    );
  })
  .post('/accounts/:id/reset-2fa', accountId, validate('json', later('destructiveActionBody')), async (c) => {
    const [{ actorOf }, { resetSecondFactor }] = await Promise.all([common(), actions()]);
    const actor = await actorOf(c.var.db, c.var.userId);
    await resetSecondFactor(c.var.db, createMailer(c.env, outboxMailer(c.var.db)), actor, {
      id: c.req.valid('param').id,
      reason: c.req.valid('json').reason,
      support: c.env.SUPPORT_EMAIL?.trim() || undefined,
    });
    return c.json(done('Two-factor sign-in is off for this account; its owner was mailed.'));
  })
  // One path per action, each with its own body: deactivate and reject require a reason.
  .post('/accounts/:id/deactivate', accountId, validate('json', later('destructiveActionBody')), async (c) =>
    c.json(await onAccount(c, 'deactivate', c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/accounts/:id/reject', accountId, validate('json', later('destructiveActionBody')), async (c) =>
    c.json(await onAccount(c, 'reject', c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/accounts/:id/activate', accountId, validate('json', later('adminActionBody')), async (c) =>
    c.json(await onAccount(c, 'activate', c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/accounts/:id/restore', accountId, validate('json', later('restoreBody')), async (c) => {
    const { reason, card_id } = c.req.valid('json');
    return c.json(await onAccount(c, 'restore', c.req.valid('param').id, { reason, cardId: card_id }));
  })
  .get('/reports', validate('query', later('reportListQuery')), async (c) => {
    const { listReports } = await moderation();
    const data = await listReports(c.var.db, c.req.valid('query'));
    return c.json({ success: true, data } satisfies Answer<typeof adminReportsResponse>);
  })
  .post('/reports/:id/dismiss', reportId, validate('json', later('destructiveActionBody')), async (c) => {
    const [{ actorOf }, { dismissReport }] = await Promise.all([common(), moderation()]);
    const actor = await actorOf(c.var.db, c.var.userId);
    await dismissReport(c.var.db, actor, c.req.valid('param').id, c.req.valid('json').reason);
    return c.json(done('The report is dismissed.'));
  })
  .get('/flagged-links', async (c) => {
    const { listFlaggedLinks } = await moderation();
    const data = await listFlaggedLinks(c.var.db);
    return c.json({ success: true, data } satisfies Answer<typeof adminFlaggedLinksResponse>);
  })
  .get('/domains', async (c) => c.json(await (await domains()).domainsAnswer(c)))
  .post('/domains/:id/remove', validate('json', later('destructiveActionBody')), async (c) =>
    c.json(await (await domains()).removalAnswer(c, c.req.param('id'), c.req.valid('json').reason)),
  )
  .get('/orgs', async (c) => {
    const data = await (await orgs()).listOrgs(c.var.db);
    return c.json({ success: true, data } satisfies Answer<typeof adminOrgsResponse>);
  })
  .get('/audit', validate('query', later('auditListQuery')), async (c) => {
    const { listAudit } = await audit();
    const data = await listAudit(c.var.db, c.req.valid('query'));
    return c.json({ success: true, data } satisfies Answer<typeof adminAuditResponse>);
  })
  .get('/status', async (c) => {
    const { platformStatus } = await status();
    c.header('Cache-Control', 'no-store');
    const data = await platformStatus(c.env);
    return c.json({ success: true, data } satisfies Answer<typeof platformStatusResponse>);
  });
