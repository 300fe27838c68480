import { eq } from 'drizzle-orm';
import type { ContactSubmitBody } from '@shared/schemas/contacts';
import type { Language } from '@shared/i18n/languages';
import { cards, users } from '../../db/schema';
import type { Bindings, Db } from '../../env';
import { loadLanguage, tFor } from '../../lib/i18n';
import { createMailer } from '../../lib/mailer';
import { outboxMailer } from '../dev-outbox';
import { accountLanguage } from '../account-language';

/** The owner's address and language, if they want a mail per contact (absent settings: yes). */
async function recipient(db: Db, ownerId: string) {
  const row = await db
    // The mail speaks the account's language, whichever of its cards the contact came through
    // (docs/product.md §8): the owner reads it, not the card's visitors.
    .select({ email: users.email, notify: cards.contactNotify, language: accountLanguage })
    .from(cards)
    .innerJoin(users, eq(users.id, cards.userId))
    .where(eq(cards.id, ownerId))
    .get();
  return row && row.notify !== false ? { email: row.email, language: row.language ?? 'en' } : null;
}

/** The mail's text, in the owner's language: every detail the visitor left, and where the owner finds them all. */
export function contactMailText(contact: ContactSubmitBody, dashboardUrl: string, language: Language = 'en') {
  const t = tFor(language);
  const lines = [
    t('mail.contact_intro', { name: contact.name }),
    '',
    t('mail.contact_name', { value: contact.name }),
    ...(contact.email ? [t('mail.contact_email', { value: contact.email })] : []),
    ...(contact.phone ? [t('mail.contact_phone', { value: contact.phone })] : []),
    ...(contact.company ? [t('mail.contact_company', { value: contact.company })] : []),
    ...(contact.note ? ['', t('mail.contact_note'), contact.note] : []),
    '',
    t('mail.contact_all', { url: dashboardUrl }),
    t('mail.contact_off'),
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
  const t = await loadLanguage(to.language);
  await createMailer(env, outboxMailer(db)).send({
    to: to.email,
    subject: t('mail.contact_subject', { name: contact.name }),
    text: contactMailText(contact, `${origin}/dashboard/contacts`, to.language),
  });
  return true;
}
