import { Hono, type Context } from 'hono';
import { emailField, nameField, usernameField } from '@shared/schemas/auth';
import {
  companyField,
  jobTitleField,
  locationField,
  pronounsField,
  publicEmailField,
} from '@shared/schemas/business-card';
import { bioField } from '@shared/schemas/profile';
import { BACKGROUND_IMAGE_MESSAGE, customThemeSchema } from '@shared/schemas/themes';
import { isAllowedBackgroundUrl, normalHost } from '@shared/link-rules';
import type { z } from 'zod';
import { phoneField } from '@shared/schemas/phone-field';
import { singleLine } from '@shared/schemas/text';
import { signatureLayoutField } from '@shared/schemas/signature-layout';
import { IMAGE_MAX_BYTES } from '@shared/constants';
import type { AppEnv } from '../env';
import { countShards, shardForNewCard } from '../lib/count-shards';
import { CSV_BOM, csvLine } from '../lib/csv';
import { randomToken, sha256 } from '../lib/hashing';
import { loadLanguage } from '../lib/i18n';
import { createMailer } from '../lib/mailer';
import { siteHosts } from '../lib/config';
import { contactsVCard } from '../lib/vcard';
import { imageUrl } from '../lib/media-url';
import { isJsonContentType, NOT_AN_OBJECT, NOT_JSON, toFieldErrors } from '../lib/validate';
import { requireAuth } from '../middleware/auth';
import { limitBody } from '../middleware/body-limit';
import { accountLanguageOf } from '../services/account-language';
import { isUsernameTaken, USERNAME_TAKEN } from '../services/accounts';
import { deleteCard } from '../services/cards';
import { shardDb } from '../services/events/counts';
import { defaultCatalogueIds } from '../services/catalogue';
import { checkImage, IMAGE_RULES, prepareImage } from '../services/media';
import { outboxMailer } from '../services/dev-outbox';
import { storeImage } from '../services/media-write';
import type { OrgParts } from '../services/orgs/parts';
import type * as DataHandlers from './org-data-handlers';
import type * as Handlers from './orgs-handlers';

type Name = Exclude<keyof typeof Handlers, 'setOrgParts'>;

/**
 * Each handler, its schemas and the organisation services load on the route's first call: a card
 * view never needs them, so the Worker's start does not grow (docs/decisions/0104-organisations.md).
 */
const lazy = (name: Name) => async (c: Context<AppEnv>) => {
  const handlers = await import('./orgs-handlers');
  handlers.setOrgParts(PARTS);
  return handlers[name](c);
};

/** The contacts' and analytics' handlers, loaded on first use the same way. */
const lazyData = (name: Exclude<keyof typeof DataHandlers, 'setOrgParts'>) => async (c: Context<AppEnv>) => {
  const handlers = await import('./org-data-handlers');
  handlers.setOrgParts(PARTS);
  return handlers[name](c);
};

/** Handed to the handlers rather than imported by them (services/orgs/parts.ts says why). */
const PARTS: OrgParts = {
  phoneField,
  emailField,
  usernameField,
  singleLine,
  jobTitleField,
  locationField,
  countShards,
  shardDb,
  shardForNewCard,
  randomToken,
  sha256,
  loadLanguage,
  mailer: (env, db) => createMailer(env, outboxMailer(db)),
  isJsonContentType,
  toFieldErrors,
  NOT_JSON,
  NOT_AN_OBJECT,
  isUsernameTaken,
  USERNAME_TAKEN,
  deleteCard,
  accountLanguageOf,
  defaultCatalogueIds,
  customThemeSchema,
  signatureLayoutField,
  textFields: {
    name: nameField,
    job_title: jobTitleField,
    company: companyField,
    // Its output is the E.164 form; the schema's type says only that it makes a string.
    phone: phoneField as unknown as z.ZodType<string, string>,
    public_email: publicEmailField,
    location: locationField,
    pronouns: pronounsField,
    bio: bioField,
  },
  isAllowedBackgroundUrl,
  normalHost,
  siteHosts,
  BACKGROUND_IMAGE_MESSAGE,
  csvLine,
  CSV_BOM,
  contactsVCard,
  checkImage,
  prepareImage,
  storeImage,
  imageUrl,
};

const smallBodies = limitBody(600 * 1024);

/** /v1/orgs: organisations, their members, invitations, work cards and audit log (docs/product.md §2). */
export const orgs = new Hono<AppEnv>()
  .use(requireAuth)
  // A CSV file of 1,000 rows fits; anything else is far smaller but the images, which have a card's limits.
  .use((c, next) => (/\/template\/(logo|background-image)$/.test(c.req.path) ? next() : smallBodies(c, next)))
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
  .get('/:orgId/audit', lazy('audit'))
  .get('/:orgId/template', lazy('getTemplate'))
  .put('/:orgId/template', lazy('putTemplate'))
  .post('/:orgId/template/logo', limitBody(IMAGE_MAX_BYTES + 1024 * 1024, IMAGE_RULES.logo.tooLarge), lazy('postLogo'))
  .delete('/:orgId/template/logo', lazy('deleteLogo'))
  .post(
    '/:orgId/template/background-image',
    limitBody(IMAGE_MAX_BYTES + 1024 * 1024, IMAGE_RULES.background.tooLarge),
    lazy('postTemplateBackground'),
  )
  .get('/:orgId/contacts', lazyData('contacts'))
  .get('/:orgId/contacts/export.csv', lazyData('contactsCsv'))
  .get('/:orgId/contacts/export.vcf', lazyData('contactsVcf'))
  .get('/:orgId/analytics', lazyData('analytics'))
  .get('/:orgId/analytics/export.csv', lazyData('analyticsCsv'));
