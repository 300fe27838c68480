import type { Messages } from '@lingui/core';
import { messages as api } from '@shared/i18n/compiled/api/en';
import { messages as card } from '@shared/i18n/compiled/card/en';
import { messages as mail } from '@shared/i18n/compiled/mail/en';
import { messages as page } from '@shared/i18n/compiled/page/en';

/** What the Worker says in en: the API's messages, the card and its pages, the e-mails. */
export const messages: Messages = { ...api, ...card, ...mail, ...page };
