import type { Messages } from '@lingui/core';
import { messages as api } from '@shared/i18n/compiled/api/es';
import { messages as card } from '@shared/i18n/compiled/card/es';
import { messages as mail } from '@shared/i18n/compiled/mail/es';
import { messages as page } from '@shared/i18n/compiled/page/es';

/** What the Worker says in es: the API's messages, the card and its pages, the e-mails. */
export const messages: Messages = { ...api, ...card, ...mail, ...page };
