import { z } from 'zod';
import { LANGUAGE_MESSAGE, LANGUAGES } from '../i18n/languages';
import { BIO_MAX } from '../constants';
import { nameField, usernameField } from './auth';
import { businessTextBody } from './business-card';
import { phoneField } from './phone-field';
import { multiLine } from './text';

/** Form flags arrive as '1'/'0' (docs/product.md §7) or 'true'/'false'; JSON may send booleans. */
export const formFlag = (message: string) =>
  z
    .union([z.boolean(), z.enum(['1', '0', 'true', 'false'], { error: message })], { error: message })
    .transform((value) => value === true || value === '1' || value === 'true');

export const bioField = z
  .string({ error: 'Bio must be text' })
  .overwrite(multiLine)
  .trim()
  .max(BIO_MAX, { error: `Bio must be at most ${BIO_MAX} characters` });

/** One of the six languages (docs/product.md §8): a card's (its page, forms and vCard) or the account's (the dashboard and e-mails). */
export const languageField = z.enum(LANGUAGES, { error: LANGUAGE_MESSAGE });

/**
 * POST /v1/user/profile/update, text fields of the multipart form. Every field left out stays as
 * stored, name and username too (which may not be emptied, docs/product.md §5): a save sends only
 * what the owner changed, so a second tab's stale copy of the rest never undoes the first's
 * (docs/decisions/0084). The avatar file is checked by its bytes on the server, not here.
 */
export const profileUpdateBody = businessTextBody.extend({
  phone: phoneField.optional(),
  name: nameField.optional(),
  username: usernameField.optional(),
  bio: bioField.optional(),
  is_active: formFlag('is_active must be 1 or 0').optional(),
  remove_avatar: formFlag("remove_avatar must be 'true' or 'false'").optional(),
  /** 'Let visitors share their contact'; left unchanged when absent. */
  contact_exchange: formFlag('contact_exchange must be 1 or 0').optional(),
  /** The card's language; left unchanged when absent. */
  language: languageField.optional(),
});
export type ProfileUpdateBody = z.output<typeof profileUpdateBody>;
