import type { Messages } from '@lingui/core';
import { messages as api } from '@shared/i18n/compiled/api/ar';
import { messages as card } from '@shared/i18n/compiled/card/ar';
import { messages as mail } from '@shared/i18n/compiled/mail/ar';
import { messages as page } from '@shared/i18n/compiled/page/ar';

/** What the Worker says in ar: the API's messages, the card and its pages, the e-mails. */
export const messages: Messages = { ...api, ...card, ...mail, ...page };
