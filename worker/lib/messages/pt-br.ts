import type { Messages } from '@lingui/core';
import { messages as api } from '@shared/i18n/compiled/api/pt-br';
import { messages as card } from '@shared/i18n/compiled/card/pt-br';
import { messages as mail } from '@shared/i18n/compiled/mail/pt-br';
import { messages as page } from '@shared/i18n/compiled/page/pt-br';

/** What the Worker says in pt-BR: the API's messages, the card and its pages, the e-mails. */
export const messages: Messages = { ...api, ...card, ...mail, ...page };
