import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX } from '../constants';
import { dataMessageResponse } from './responses';
import { multiLine, singleLine } from './text';

// Contact exchange: what a visitor leaves on a card, and the owner's settings.

export const CONTACT_PHONE_MAX = 40;
export const CONTACT_COMPANY_MAX = 100;
export const CONTACT_NOTE_MAX = 500;
/** Contacts one visitor (the day's visitor hash) may leave on one card per day. */
export const CONTACTS_PER_VISITOR = 3;
/** Contacts one client address may leave across all cards per hour (a script going card to card). */
export const CONTACTS_PER_CLIENT_PER_HOUR = 10;
/** Contacts a card keeps; the oldest must be deleted before more arrive. */
export const CONTACTS_PER_CARD_MAX = 5000;

export const CONTACT_NAME_MESSAGE = 'Please enter your name';
export const CONTACT_EMAIL_MESSAGE = 'Please enter a valid email address';
export const CONTACT_PHONE_MESSAGE = 'Please enter a valid phone number';
export const CONTACT_CONSENT_MESSAGE = "Please tick the 'I agree' box to share these details";

/** An optional single line: absent and empty are the same, stored as ''. */
const optionalLine = (max: number, message: string) =>
  z
    .string({ error: message })
    .overwrite(singleLine)
    .trim()
    .max(max, { error: message })
    .optional()
    .transform((value) => value ?? '');

/**
 * POST /p/{username}/contact, a plain HTML form (application/x-www-form-urlencoded). Name is
 * required, and an e-mail or a phone (contactSubmitFor), the rest optional; `consent` is the checkbox of the consent line ('yes' when ticked).
 */
export const contactSubmitBody = z.object({
  name: z
    .string({ error: CONTACT_NAME_MESSAGE })
    .overwrite(singleLine)
    .trim()
    .min(1, { error: CONTACT_NAME_MESSAGE })
    .max(NAME_MAX, { error: 'Name is too long' }),
  email: z
    .string({ error: CONTACT_EMAIL_MESSAGE })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, { error: CONTACT_EMAIL_MESSAGE })
    .pipe(z.union([z.literal(''), z.email({ error: CONTACT_EMAIL_MESSAGE })], { error: CONTACT_EMAIL_MESSAGE }))
    .optional()
    .transform((value) => value ?? ''),
  phone: optionalLine(CONTACT_PHONE_MAX, CONTACT_PHONE_MESSAGE).refine(
    // As typed ('(555) 010-4477'), but with digits to call: '()-' is no number.
    (value) => value === '' || (/^\+?[0-9 ()./-]{3,}$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 3),
    { error: CONTACT_PHONE_MESSAGE },
  ),
  company: optionalLine(CONTACT_COMPANY_MAX, `Company must be at most ${CONTACT_COMPANY_MAX} characters`),
  note: z
    .string({ error: 'Note must be text' })
    .overwrite(multiLine)
    .trim()
    .max(CONTACT_NOTE_MAX, { error: `Note must be at most ${CONTACT_NOTE_MAX} characters` })
    .optional()
    .transform((value) => value ?? ''),
  consent: z.literal('yes', { error: CONTACT_CONSENT_MESSAGE }),
});
export type ContactSubmitBody = z.output<typeof contactSubmitBody>;

/** What the visitor reads when they left no way to reach them (docs/product.md §5): the owner's first name. */
export const contactReplyMessage = (ownerName: string) =>
  `Add an email or a phone so ${ownerName.trim().split(/\s+/)[0] || 'they'} can reply`;

/**
 * The form as a card's page checks it: a contact with neither an e-mail nor a phone could never
 * be answered, so one of the two is required, said under the e-mail field.
 */
export const contactSubmitFor = (ownerName: string) =>
  contactSubmitBody.superRefine((body, ctx) => {
    if (!body.email && !body.phone)
      ctx.addIssue({ code: 'custom', path: ['email'], message: contactReplyMessage(ownerName) });
  });

/** PUT /v1/user/contacts/settings: the e-mail for each new contact, on or off. */
export const contactSettingsBody = z.object({
  notify: z.boolean({ error: 'notify must be true or false' }),
});
export type ContactSettingsBody = z.output<typeof contactSettingsBody>;

/** A query parameter sent twice arrives as a list. */
export const SEARCH_ONCE = 'Search must be text, given once';
/** GET /v1/user/contacts?q=: a search over name, e-mail, phone, company and note. */
export const contactsQuery = z.object({
  q: z
    .string({ error: SEARCH_ONCE })
    .trim()
    .max(100, { error: 'Search is too long' })
    .optional()
    .transform((value) => value ?? ''),
});

/** DELETE /v1/user/contacts/{id}: a malformed id names no contact (the route answers 404). */
export const contactIdParam = z.object({ id: z.uuid() });

// Answers.

export const contactSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    company: z.string(),
    note: z.string(),
    created_at: z.string(),
  })
  .strict();
export type Contact = z.infer<typeof contactSchema>;

export const contactsResponse = z
  .object({
    contacts: z.array(contactSchema),
    /** All of the card's contacts, whatever the search. */
    total: z.number().int().nonnegative(),
    contact_exchange: z.boolean(),
    notify: z.boolean(),
  })
  .strict();
export type ContactsResponse = z.infer<typeof contactsResponse>;
export const contactsListResponse = dataMessageResponse(contactsResponse);

/** PUT /v1/user/contacts/settings `data`. */
export const contactSettingsResponse = dataMessageResponse(
  z.object({ contact_exchange: z.boolean(), notify: z.boolean() }).strict(),
);
