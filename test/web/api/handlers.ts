import { http } from 'msw';
import { aStats, aTemplate, aTheme } from '../fixtures';
import { failure } from './answer';
import { authHandlers } from './auth';
import { cardsAre } from './cards';
import { templatesAre, themesAre } from './catalogue';
import { contactsAre } from './contacts';
import { clickHandlers, linksAre } from './links';
import { profileHandlers } from './profile';
import { securityHandlers } from './security';
import { statsAre } from './stats';
import { walletsAre } from './wallet';
import { webhooksAre } from './webhooks';

/**
 * The API as the web tests meet it unless a test says otherwise: Jane signed in with one card, no links yet,
 * the seeded themes and templates, a card nobody has seen, no wallets configured. Every answer
 * goes through its response schema (./answer.ts). Made fresh for each test, so the links a test
 * adds are gone in the next.
 */
export const defaultHandlers = () => [
  ...authHandlers,
  ...profileHandlers,
  ...cardsAre(),
  ...linksAre([]),
  ...clickHandlers,
  themesAre([aTheme()]),
  templatesAre([aTemplate(), aTemplate({ id: 2 })]),
  statsAre(aStats()),
  contactsAre([], { contact_exchange: false, notify: true }),
  ...securityHandlers,
  ...webhooksAre([]),
  ...walletsAre({ apple: false, google: false }),
  // The console answers 404 to anyone but an operator (worker/routes/admin.ts).
  http.all('/v1/admin/*', () => failure(404, 'Not found')),
];
