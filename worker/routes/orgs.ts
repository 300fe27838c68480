import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { requireAuth } from '../middleware/auth';
import { limitBody } from '../middleware/body-limit';
import type * as Handlers from './orgs-handlers';

type Name = keyof typeof Handlers;

/**
 * Each handler, its schemas and the organisation services load on the route's first call: a card
 * view never needs them, so the Worker's start does not grow (docs/decisions/0104-organisations.md).
 */
const lazy = (name: Name) => async (c: Context<AppEnv>) => (await import('./orgs-handlers'))[name](c);

/** /v1/orgs: organisations, their members, invitations, work cards and audit log (docs/product.md §2). */
export const orgs = new Hono<AppEnv>()
  .use(requireAuth)
  // A CSV file of 1,000 rows fits; anything else is far smaller.
  .use(limitBody(600 * 1024))
  .get('/', lazy('list'))
  .post('/', lazy('create'))
  .post('/invitations/claim', lazy('claim'))
  .post('/join', lazy('join'))
  .get('/:orgId', lazy('get'))
  .put('/:orgId', lazy('update'))
  .post('/:orgId/owner', lazy('transfer'))
  .post('/:orgId/leave', lazy('leave'))
  .get('/:orgId/members', lazy('members'))
  .put('/:orgId/members/:userId', lazy('role'))
  .delete('/:orgId/members/:userId', lazy('remove'))
  .get('/:orgId/cards', lazy('cards'))
  .post('/:orgId/cards/:cardId/reassign', lazy('reassign'))
  .delete('/:orgId/cards/:cardId', lazy('deleteCard'))
  .get('/:orgId/invitations', lazy('invitations'))
  .post('/:orgId/invitations', lazy('inviteEmails'))
  .post('/:orgId/invitations/csv/preview', lazy('previewCsv'))
  .post('/:orgId/invitations/csv', lazy('inviteCsv'))
  .post('/:orgId/invitations/:id/resend', lazy('resend'))
  .delete('/:orgId/invitations/:id', lazy('withdraw'))
  .post('/:orgId/invite-link', lazy('linkOn'))
  .delete('/:orgId/invite-link', lazy('linkOff'))
  .get('/:orgId/audit', lazy('audit'));
