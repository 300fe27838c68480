import { Hono } from 'hono';
import type { Answer, messageResponse } from '@shared/schemas/responses';
import { validator } from 'hono/validator';
import {
  contactIdParam,
  contactSettingsBody,
  type contactSettingsResponse,
  type contactsListResponse,
  contactsQuery,
} from '@shared/schemas/contacts';
import type { AppEnv } from '../env';
import { notFound } from '../lib/errors';
import { validate } from '../lib/validate';
import { requireAuth } from '../middleware/auth';
import { withCard } from '../middleware/card';
import { limitBody } from '../middleware/body-limit';
import { contactsCsv } from '../lib/csv';
import { contactsVCard } from '../lib/vcard';
import {
  allContacts,
  CONTACT_NOT_FOUND,
  deleteContact,
  getContactSettings,
  listContacts,
  writeContactSettings,
} from '../services/contacts/owner';

/** A malformed id names no contact: the same 404 as a missing one or someone else's. */
const contactId = validator('param', (value) => {
  const parsed = contactIdParam.safeParse(value);
  if (!parsed.success) throw notFound(CONTACT_NOT_FOUND);
  return parsed.data;
});

/** A download the browser saves under `name`; never cached, it holds other people's details. */
const download = (body: string, type: string, name: string) =>
  new Response(body, {
    headers: {
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
    },
  });

/** /v1/user/contacts: the contacts visitors shared on the owner's card. */
export const userContacts = new Hono<AppEnv>()
  .use(requireAuth, withCard)
  .use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'private, no-store');
  })
  .get('/', validate('query', contactsQuery), async (c) => {
    const data = await listContacts(c.var.db, c.var.cardId, c.req.valid('query').q);
    return c.json({ success: true, data, message: 'Contacts retrieved successfully' } satisfies Answer<
      typeof contactsListResponse
    >);
  })
  .get('/export.csv', async (c) =>
    download(contactsCsv(await allContacts(c.var.db, c.var.cardId)), 'text/csv; charset=utf-8', 'contacts.csv'),
  )
  .get('/export.vcf', async (c) =>
    download(contactsVCard(await allContacts(c.var.db, c.var.cardId)), 'text/vcard; charset=utf-8', 'contacts.vcf'),
  )
  .put('/settings', limitBody(1024), validate('json', contactSettingsBody), async (c) => {
    await writeContactSettings(c.var.db, c.var.cardId, { notify: c.req.valid('json').notify });
    const settings = await getContactSettings(c.var.db, c.var.cardId);
    return c.json({
      success: true,
      data: { contact_exchange: settings.exchange, notify: settings.notify },
      message: settings.notify ? 'You will get an e-mail for each new contact' : 'E-mails for new contacts are off',
    } satisfies Answer<typeof contactSettingsResponse>);
  })
  .delete('/:id', contactId, async (c) => {
    await deleteContact(c.var.db, c.var.cardId, c.req.valid('param').id);
    return c.json({ success: true, message: 'Contact deleted successfully' } satisfies Answer<typeof messageResponse>);
  });
