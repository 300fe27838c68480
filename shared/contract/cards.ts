import { type z } from 'zod';
import {
  cardIdParam,
  cardResponse,
  cardsQuery,
  cardsResponse,
  createCardBody,
  deleteCardBody,
  DELETE_CARD_CONFIRM_MESSAGE,
} from '../schemas/cards';
import { messageResponse } from '../schemas/responses';
import { domainBody, domainResponse, domainSavedResponse, HOSTNAME_TAKEN } from '../schemas/domains';
import type { ApiRoute, Resource } from './types';

const NOT_YOURS = 'No card of yours has this id ("Card not found"): another account\'s card answers as a missing one.';

export const cardsResource: Resource = {
  name: 'Cards',
  description:
    'An account holds one or more cards (at most `CARDS_PER_ACCOUNT`, 10 by default), each with its own ' +
    'username, profile, links, look, language, statistics, contacts and share kit. One is primary: the ' +
    'routes under `/v1/user/` act on it. Every one of them has its twin under `/v1/cards/{cardId}/`, with ' +
    'the same body and answer, acting on the card the path names.',
  routes: [
    {
      method: 'GET',
      path: '/v1/cards',
      summary: "The account's cards, oldest first, and how many it may hold",
      description: "`counts=true` adds each card's views and clicks of all time, as its statistics count them.",
      access: 'user',
      query: cardsQuery,
      answers: { 200: cardsResponse },
    },
    {
      method: 'POST',
      path: '/v1/cards',
      summary: 'A new card: empty, or a copy of one of yours',
      description:
        '`{ username, name }` makes an empty card in the default theme and template, in the primary ' +
        "card's language. `{ copy_of, username }` copies that card's words, look and links (not its " +
        'images, contacts, statistics or contact-exchange switches); a `name` sent with it replaces the copied one.',
      access: 'user',
      body: { type: 'json', schema: createCardBody, example: { username: 'ada_work', name: 'Ada at work' } },
      answers: { 201: cardResponse },
      errors: {
        404: `\`copy_of\` is not one of your cards. ${NOT_YOURS}`,
        422: 'Also: the username is taken or held, or the account already has as many cards as it may.',
      },
    },
    {
      method: 'GET',
      path: '/v1/cards/:cardId',
      summary: 'One card',
      access: 'user',
      params: cardIdParam,
      answers: { 200: cardResponse },
      errors: { 404: NOT_YOURS },
    },
    {
      method: 'DELETE',
      path: '/v1/cards/:cardId',
      summary: 'Delete a card that is not the primary one',
      description:
        'With its links, contacts, images, statistics and buffered events; its username stays held for 90 ' +
        'days, as after a rename. The last card is always the primary one: deleting it is deleting the account.',
      access: 'user',
      params: cardIdParam,
      body: { type: 'json', schema: deleteCardBody, example: { username: 'ada_work' } },
      answers: { 200: messageResponse },
      errors: {
        404: NOT_YOURS,
        409: 'The card is the primary one: make another primary first.',
        422: `Also: the username typed is not the card's ("${DELETE_CARD_CONFIRM_MESSAGE}").`,
      },
    },
    {
      method: 'POST',
      path: '/v1/cards/:cardId/primary',
      summary: 'Make the card the primary one, which `/v1/user/` acts on',
      access: 'user',
      params: cardIdParam,
      answers: { 200: cardResponse },
      errors: { 404: NOT_YOURS },
    },
    {
      method: 'GET',
      path: '/v1/cards/:cardId/domain',
      summary: "The card's own domain, and whether this deployment offers domains at all",
      description:
        '`available` is false when the deployment has no custom domains configured (docs/deploying.md); ' +
        '`domain` lists the DNS records to add (the TXT records, then the CNAME) and the state in words.',
      access: 'user',
      params: cardIdParam,
      answers: { 200: domainResponse },
      errors: { 404: NOT_YOURS },
    },
    {
      method: 'POST',
      path: '/v1/cards/:cardId/domain',
      summary: 'Show the card at a domain of yours',
      description:
        'The hostname is normalised (lower case, punycode, no trailing dot). Cloudflare for SaaS gets a ' +
        'custom hostname with TXT pre-validation; in development a name under `.localhost` is active at ' +
        'once. A name another of your cards has moves to this card.',
      access: 'user',
      params: cardIdParam,
      body: { type: 'json', schema: domainBody, example: { hostname: 'card.example.com' } },
      answers: { 201: domainSavedResponse },
      errors: {
        404: `${NOT_YOURS} Or: custom domains are not configured here.`,
        409: `Another card has the name ("${HOSTNAME_TAKEN}"), or this card has a domain already.`,
        422: "Not a hostname, a root domain, this deployment's own name, or a blocked one.",
        503: 'Cloudflare could not be reached; nothing was stored.',
      },
    },
    {
      method: 'DELETE',
      path: '/v1/cards/:cardId/domain',
      summary: "Remove the card's domain: it stops answering at once and is deleted at Cloudflare",
      access: 'user',
      params: cardIdParam,
      answers: { 200: domainSavedResponse },
      errors: { 404: `${NOT_YOURS} Or: the card has no domain.` },
    },
  ],
};

/** The parts of `/v1/user/` that are a card's, mirrored under `/v1/cards/:cardId/` (worker/app.ts). */
export const CARD_PREFIXES = [
  'profile',
  'stats',
  'links',
  'themes',
  'templates',
  'wallet',
  'share',
  'contacts',
] as const;

const cardPath = (path: string) => {
  for (const prefix of CARD_PREFIXES) {
    const own = `/v1/user/${prefix}`;
    if (path === own || path.startsWith(`${own}/`)) return `/v1/cards/:cardId/${path.slice('/v1/user/'.length)}`;
  }
  return null;
};

/** A card route's twin under `/v1/cards/:cardId/`: the same answers, the card named by the path. */
export function cardTwins(routes: readonly ApiRoute[]): ApiRoute[] {
  return routes.flatMap((route) => {
    const path = cardPath(route.path);
    if (!path) return [];
    const params: z.ZodObject = route.params ? cardIdParam.extend(route.params.shape) : cardIdParam;
    return [
      {
        ...route,
        path,
        summary: `${route.summary} (of the card named)`,
        params,
        errors: { ...route.errors, 404: [NOT_YOURS, route.errors?.[404]].filter(Boolean).join(' Or: ') },
      },
    ];
  });
}
