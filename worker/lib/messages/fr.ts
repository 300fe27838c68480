import type { Messages } from '@lingui/core';
import { messages as api } from '@shared/i18n/compiled/api/fr';
import { messages as card } from '@shared/i18n/compiled/card/fr';
import { messages as mail } from '@shared/i18n/compiled/mail/fr';
import { messages as page } from '@shared/i18n/compiled/page/fr';

/** What the Worker says in fr: the API's messages, the card and its pages, the e-mails. */
export const messages: Messages = { ...api, ...card, ...mail, ...page };
