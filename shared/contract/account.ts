import {
  contactIdParam,
  contactSettingsBody,
  contactSettingsResponse,
  contactsListResponse,
  contactsQuery,
} from '../schemas/contacts';
import { accountDeleteBody } from '../schemas/operators';
import { messageResponse } from '../schemas/responses';
import { accountLanguageBody, userResponse } from '../schemas/user';
import { googleSaveLinkResponse, walletAvailabilityResponse } from '../schemas/wallet';
import type { Resource } from './types';

const WALLET_REFUSALS = {
  404: 'The operator has not configured this wallet.',
  409: 'The card is private: make it public first.',
} as const;

export const accountResource: Resource = {
  name: 'Account',
  description: 'The account as a whole: its language, everything it holds as one archive, and its deletion.',
  routes: [
    {
      method: 'PUT',
      path: '/v1/user/language',
      summary: "The account's language: the dashboard's and the e-mails'",
      description:
        "One of en, es, pt-BR, fr, de, ar. No card's language changes: a card's is set with its profile " +
        "(`language` of the profile update), and is what the card's visitors read. Until an account " +
        "chooses one, its language is its primary card's. Answers the user, as GET /v1/user/profile does.",
      access: 'user',
      body: { type: 'json', schema: accountLanguageBody, example: { language: 'es' } },
      answers: { 200: userResponse },
      errors: { 422: 'Also: a language outside the six.' },
    },
    {
      method: 'GET',
      path: '/v1/user/export',
      summary: 'Everything the account holds, as a zip archive',
      description:
        'The profile, links, theme and template as JSON, the statistics as CSV, the card as a vCard, and the ' +
        'photo and cover as uploaded. Streamed as it is made; never cached.',
      access: 'user',
      answers: {
        200: { description: 'cardlink-export-<date>.zip, as an attachment.', contentType: 'application/zip' },
      },
    },
    {
      method: 'DELETE',
      path: '/v1/user',
      summary: 'Delete the account and everything it holds',
      description:
        'The current password always; the authenticator code too when that factor is on. The card ' +
        'answers 404 at once; whatever is left is finished by the scheduled job.',
      access: 'user',
      body: { type: 'json', schema: accountDeleteBody, example: { current_password: 'Lantern42Orbit!' } },
      answers: { 200: messageResponse },
      errors: {
        422: 'Also: the password or code is wrong, or the code is missing while the factor is on.',
        429: 'Too many wrong passwords or codes for this account (15 minutes).',
      },
    },
  ],
};

export const walletResource: Resource = {
  name: 'Wallet',
  description: "The owner's card as an Apple Wallet or Google Wallet pass, each only when the operator configured it.",
  routes: [
    {
      method: 'GET',
      path: '/v1/user/wallet',
      summary: 'Which wallets this server offers',
      access: 'user',
      answers: { 200: walletAvailabilityResponse },
    },
    {
      method: 'GET',
      path: '/v1/user/wallet/apple',
      summary: 'The card as an Apple Wallet pass',
      access: 'user',
      answers: {
        200: { description: 'A signed .pkpass file, as an attachment.', contentType: 'application/vnd.apple.pkpass' },
      },
      errors: WALLET_REFUSALS,
    },
    {
      method: 'GET',
      path: '/v1/user/wallet/google',
      summary: 'A link that saves the card to Google Wallet',
      access: 'user',
      answers: { 200: googleSaveLinkResponse },
      errors: WALLET_REFUSALS,
    },
  ],
};

export const contactsResource: Resource = {
  name: 'Contacts',
  description:
    "The contacts visitors shared through the card's 'Share your contact' form, and the owner's settings. " +
    'Never cached (Cache-Control: private, no-store).',
  routes: [
    {
      method: 'GET',
      path: '/v1/user/contacts',
      summary: 'The contacts, newest first, optionally searched',
      access: 'user',
      query: contactsQuery,
      answers: { 200: contactsListResponse },
    },
    {
      method: 'GET',
      path: '/v1/user/contacts/export.csv',
      summary: 'Every contact as CSV',
      access: 'user',
      answers: { 200: { description: 'contacts.csv, as an attachment.', contentType: 'text/csv' } },
    },
    {
      method: 'GET',
      path: '/v1/user/contacts/export.vcf',
      summary: 'Every contact as vCards',
      access: 'user',
      answers: { 200: { description: 'contacts.vcf, as an attachment.', contentType: 'text/vcard' } },
    },
    {
      method: 'PUT',
      path: '/v1/user/contacts/settings',
      summary: 'An e-mail for each new contact, on or off',
      access: 'user',
      body: { type: 'json', schema: contactSettingsBody, example: { notify: false } },
      answers: { 200: contactSettingsResponse },
    },
    {
      method: 'DELETE',
      path: '/v1/user/contacts/:id',
      summary: 'Delete a contact',
      access: 'user',
      params: contactIdParam,
      answers: { 200: messageResponse },
      errors: { 404: 'No contact of yours has this id.' },
    },
  ],
};
