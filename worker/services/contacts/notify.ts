import { eq } from 'drizzle-orm';
import type { ContactSubmitBody } from '@shared/schemas/contacts';
import { contactSettings, users } from '../../db/schema';
import type { Bindings, Db } from '../../env';
import { createMailer } from '../../lib/mailer';
import { outboxMailer } from '../dev-outbox';

/** The owner's address and whether they want a mail per contact (absent settings: yes). */
async function recipient(db: Db, ownerId: string) {
  const row = await db
    .select({ email: users.email, notify: contactSettings.notify })
    .from(users)
    .leftJoin(contactSettings, eq(contactSettings.userId, users.id))
    .where(eq(users.id, ownerId))
    .get();
  return row && row.notify !== false ? row.email : null;
}

/** The mail's text: every detail the visitor left, and where the owner finds them all. */
export function contactMailText(contact: ContactSubmitBody, dashboardUrl: string) {
  const lines = [
    `${contact.name} shared their contact on your card.`,
    '',
    `Name: ${contact.name}`,
    ...(contact.email ? [`Email: ${contact.email}`] : []),
    ...(contact.phone ? [`Phone: ${contact.phone}`] : []),
    ...(contact.company ? [`Company: ${contact.company}`] : []),
    ...(contact.note ? ['', 'Note:', contact.note] : []),
    '',
    `All your contacts: ${dashboardUrl}`,
    'You can turn these emails off in Contacts.',
  ];
  return lines.join('\n');
}

/**
 * Mails the owner about a new contact through the Mailer (the development outbox locally),
 * unless they turned it off. A failed mail is logged by the caller; the contact is stored anyway.
 */
export async function notifyOwner(env: Bindings, db: Db, ownerId: string, contact: ContactSubmitBody, origin: string) {
  const to = await recipient(db, ownerId);
  if (!to) return false;
  await createMailer(env, outboxMailer(db)).send({
    to,
    subject: `New contact on your card: ${contact.name}`,
    text: contactMailText(contact, `${origin}/dashboard/contacts`),
  });
  return true;
}
