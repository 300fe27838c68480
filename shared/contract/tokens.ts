import { messageResponse } from '../schemas/responses';
import { apiTokenCreateBody, apiTokenCreatedResponse, apiTokensResponse } from '../schemas/tokens';
import type { Resource } from './types';

export const tokensResource: Resource = {
  name: 'API tokens',
  description:
    "Personal access tokens: an account's own keys to this API, each with scopes and, if wanted, limited " +
    'to chosen cards (see the introduction, Personal access tokens). Only a signed-in session manages them: ' +
    'a token is refused here whatever its scopes.',
  routes: [
    {
      method: 'GET',
      path: '/v1/user/tokens',
      summary:
        "The account's tokens: name, scopes, cards, when made, when they expire, the day and country of last use",
      description: 'The secret is never in it.',
      access: 'user',
      answers: { 200: apiTokensResponse },
      errors: { 403: 'Also: called with a personal access token.' },
    },
    {
      method: 'POST',
      path: '/v1/user/tokens',
      summary: 'Make a token; answers its secret (`token`) this once',
      description:
        'Asks again who is at the keyboard (`current_password`, or an authenticator `code`). The secret starts ' +
        'with `cl_pat_`, so secret scanners can find it; only its hash is kept. Signing out everywhere or a ' +
        'password reset does not revoke it.',
      access: 'user',
      body: {
        type: 'json',
        schema: apiTokenCreateBody,
        example: {
          name: 'Deploy script',
          scopes: ['links:read', 'links:write'],
          card_ids: null,
          expires_in_days: 90,
          current_password: 'Lantern42Orbit!',
        },
      },
      answers: { 201: apiTokenCreatedResponse },
      errors: {
        403: 'Also: called with a personal access token.',
        409: 'The account holds as many tokens as it may (20): revoke one first.',
        422: 'Also: the current password or the authenticator code is wrong, or a card is not the account’s.',
        429: 'Too many wrong passwords or codes for this account (15 minutes).',
      },
    },
    {
      method: 'DELETE',
      path: '/v1/user/tokens/:id',
      summary: 'Revoke a token: refused from the next request on',
      access: 'user',
      answers: { 200: messageResponse },
      errors: {
        403: 'Also: called with a personal access token.',
        404: "No such token of this account (another account's is answered the same).",
      },
    },
  ],
};
