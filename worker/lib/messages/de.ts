import type { Messages } from '@lingui/core';
import { messages as api } from '@shared/i18n/compiled/api/de';
import { messages as card } from '@shared/i18n/compiled/card/de';
import { messages as mail } from '@shared/i18n/compiled/mail/de';
import { messages as page } from '@shared/i18n/compiled/page/de';

/** What the Worker says in de: the API's messages, the card and its pages, the e-mails. */
export const messages: Messages = { ...api, ...card, ...mail, ...page };
