import { publicConfigResponse } from '../schemas/config';
import { healthResponse, versionResponse } from '../schemas/health';
import { linkIdParam } from '../schemas/links';
import { publicCardResponse } from '../schemas/public-card';
import type { ApiRoute, Resource } from './types';

const CLICK_NOT_FOUND = 'No active link of a public card has this id.';

const click = (method: 'GET' | 'POST', description: string): ApiRoute => ({
  method,
  path: '/v1/link/:id/click',
  summary: "Count a visitor's click on a link of a card",
  description,
  access: 'public',
  params: linkIdParam,
  answers: { 204: { description: 'Counted; a bot, or a request no browser would send, is not.' } },
  errors: { 404: CLICK_NOT_FOUND },
});

export const publicResource: Resource = {
  name: 'Public',
  description:
    'What anyone may read without signing in: a card, the click counter its page reports to, the ' +
    "operator's public settings, the deployment's health and version, and this reference.",
  routes: [
    {
      method: 'GET',
      path: '/v1/p/:username',
      summary: 'A card as any visitor sees it',
      description: 'Counts as a view of the card. A username given up within its hold period redirects.',
      access: 'public',
      answers: {
        200: publicCardResponse,
        301: { description: 'The username moved: `Location` names the card under its new username.' },
      },
      errors: { 403: 'The card is private ("This profile is private").', 404: 'No card has this username.' },
    },
    click('GET', "Reported by the card page's script when a visitor follows a link."),
    click(
      'POST',
      "The same click reported by the browser itself through the link's `ping` attribute " +
        '(Content-Type text/ping, body "PING", never read) when no script runs.',
    ),
    {
      method: 'GET',
      path: '/v1/config',
      summary: "The operator's public settings (support contacts)",
      description: 'Cached for 5 minutes. Nothing secret is here.',
      access: 'public',
      answers: { 200: publicConfigResponse },
    },
    {
      method: 'GET',
      path: '/v1/health',
      summary: 'Whether every part of the platform answers, for an uptime monitor',
      description:
        'Probes each D1 database (the accounts database `DB` and every counting database `COUNTS_n`: the last ' +
        'migration applied), the KV buffer, the R2 bucket and the drain queue (its backlog), at most 5 s each. ' +
        'Also served at `/health` and `/healthz`. `Cache-Control: no-store`; not logged or counted when it ' +
        "answers 200. Nothing in it is anyone's data.",
      access: 'public',
      answers: { 200: healthResponse },
      errors: {
        503: 'A part did not answer its probe: `message` and `errors` name each failing part (`DB`, `COUNTS_3`, `KV`, `R2`, `queue`).',
      },
    },
    {
      method: 'GET',
      path: '/v1/version',
      summary: "What is deployed: version, commit, build time and each database's schema level",
      description:
        "The version is package.json's and the commit and time are those of the build. `schema` names the last " +
        'migration applied to each database (`null`: none yet). `Cache-Control: no-store`.',
      access: 'public',
      answers: { 200: versionResponse },
    },
    {
      method: 'GET',
      path: '/v1/openapi.json',
      summary: 'This API reference, as an OpenAPI 3.1 document',
      description: 'The document committed as docs/openapi.json (`npm run openapi` writes it).',
      access: 'public',
      answers: { 200: { description: 'The OpenAPI 3.1 document.', contentType: 'application/json' } },
    },
  ],
};
