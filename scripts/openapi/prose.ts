// The words of the reference that are the same for many routes: the introduction, who may call,
// and the refusals that follow from a route's access, body, query and parameters.
import { routeKey, type ApiRoute, type ErrorStatus } from '@shared/contract/types';
import { ACCOUNT_TOKEN_REQUESTS_PER_MINUTE, TOKEN_REQUESTS_PER_MINUTE } from '@shared/schemas/tokens';
import { scopeOfRoute } from '@shared/token-scopes';

export const INTRODUCTION = [
  "The JSON API behind Cardlink's dashboard, under `/v1`. Generated from the contract " +
    '(shared/contract/) and the shared zod schemas by `npm run openapi`.',
  'Every JSON answer is an envelope: `success`, then `data`, a `message`, or both. Every refusal has ' +
    'one body: `{ "success": false, "message", "errors"? }`, where `errors` (a 422) names each field ' +
    'with the messages a form shows beside it. Any route may also answer 405 (another method of the ' +
    'path exists; `Allow` lists them) and 500 (a generic message; the `X-Request-Id` header names the ' +
    'request in the logs). A JSON body must be UTF-8 (else 400, malformed) and an object (else 422). ' +
    'A numeric id in a path is plain decimal digits (`16`, not `016`, `0x10` or `16.0`), and a text ' +
    'id is no longer than the stored ones; any other spelling is answered like a missing row (404).',
  'Every 429 and 503 carries `Retry-After` (seconds). A bounded route (one that may answer 429) also ' +
    'answers, refused or not, `RateLimit-Policy` and `RateLimit` (draft-ietf-httpapi-ratelimit-headers): ' +
    '`RateLimit-Policy: "login_failure_client_15m";q=30;w=900` names each bound the request counted ' +
    'against, and `RateLimit: "login_failure_client_15m";r=29;t=900` what is left of it and within how ' +
    'many seconds. Bounds on an address anyone may type are never listed, so nobody learns how often ' +
    "someone else's address was tried; a refusal by one answers its whole window as `Retry-After`.",
  'Sign in with POST /v1/auth/login (or register): the answer carries an access token, sent as ' +
    '`Authorization: Bearer <token>` and valid for 15 minutes, and a refresh token, exchanged at ' +
    'POST /v1/auth/refresh for a new pair.',
  'Personal access tokens (API tokens) let a script or another service call the API as the account, ' +
    'without a sign-in: made in Settings or with POST /v1/user/tokens, each with a name, scopes, ' +
    'optionally a list of cards, and an expiry (30, 90 or 365 days, or none). The secret starts with ' +
    '`cl_pat_` (so secret scanners can find a leaked one), is answered once, and is sent as ' +
    '`Authorization: Bearer cl_pat_…`. The scopes are `cards:read`, `cards:write`, `links:read`, ' +
    '`links:write`, `stats:read`, `contacts:read`, `contacts:write` and `webhooks:write`; each route ' +
    'below names the scope it needs, and a route that names none (sign-in, security, sessions, the ' +
    "account's language, export and deletion, the tokens themselves, the console) refuses every token " +
    'with 403. A token without the scope a route needs gets 403 naming it (`This token lacks the scope ' +
    'links:write`); one limited to cards gets 403 for any other card of the account (the primary card ' +
    'that `/v1/user/…` acts on too), sees only its cards in GET /v1/cards and cannot make one. A revoked ' +
    'or expired token, or one whose account is deleted or held, gets 401. Signing out everywhere and a ' +
    'password reset leave tokens working; revoke them in Settings.',
  `Limits on tokens: each token may make ${TOKEN_REQUESTS_PER_MINUTE} requests a minute, and all the ` +
    `tokens of one account together ${ACCOUNT_TOKEN_REQUESTS_PER_MINUTE} a minute (the dashboard's own ` +
    'requests are not counted against these). Every answer to a token, refusals included, carries ' +
    '`RateLimit-Policy: "api_token_1m";q=' +
    `${TOKEN_REQUESTS_PER_MINUTE};w=60, "api_account_1m";q=${ACCOUNT_TOKEN_REQUESTS_PER_MINUTE};w=60\` and ` +
    '`RateLimit` with what is left of each; past either, the answer is 429 with `Retry-After` (seconds) ' +
    'and the request did nothing.',
  "Webhooks send the account's events to a URL of its choosing (Settings, or POST /v1/user/webhooks " +
    'with `url`, `events` and optionally `card_ids`; a session or a token with `webhooks:write`). The ' +
    'URL must be `https` (http only in development) and may not name a private, loopback or link-local ' +
    'address (10/8, 127/8, 169.254/16, 172.16/12, 192.168/16, fc00::/7, fe80::/10, ::1, `localhost.`) ' +
    'or this site, checked when it is added and again before every delivery. The events: ' +
    '`contact.created` (a visitor shared their contact on a card; the contact is in the body), ' +
    "`card.updated` (the card's profile was saved; `fields` names what the change named), " +
    '`link.created`, `link.updated` (the link as the API answers it) and `link.deleted` (its id), and ' +
    '`stats.daily` (once a UTC day is over, one summary per card: views, clicks, unique visitors). ' +
    '`webhook.test` is what \'Send a test event\' sends. Each body is `{ "type", "timestamp", "data" }` ' +
    "(the top-level `webhooks` section of the OpenAPI document has each one's schema), and `data.card` " +
    'names the card.',
  'Every delivery is a POST signed as the Standard Webhooks specification says: `webhook-id` (the ' +
    "message's id, the same on every attempt and on 'Send again'), `webhook-timestamp` (Unix seconds) " +
    'and `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed with the bytes ' +
    'of the secret after `whsec_` (base64). The secret is answered once, when the webhook is added or ' +
    'its secret rotated (POST /v1/user/webhooks/{id}/rotate); for 24 hours after a rotation every ' +
    'delivery carries both signatures, space-separated, so a receiver verifies with either. Any ' +
    'Standard Webhooks library verifies them (`new Webhook(secret).verify(body, headers)`); by hand, ' +
    'compute the HMAC over the raw body, compare it in constant time with each `v1,` signature, and ' +
    'refuse a timestamp more than five minutes away from now.',
  'A delivery succeeds when the receiver answers 2xx within 10 seconds; a redirect is not followed ' +
    'and counts as a failure. A failed delivery is tried again after 5 seconds, 5 minutes, 30 minutes, ' +
    '2 hours, 5 hours, 10 hours, then every 12 hours, until it is three days old. An endpoint whose ' +
    'deliveries have all failed for three days is disabled, its waiting deliveries given up, and its ' +
    'owner mailed; POST /v1/user/webhooks/{id}/enable turns it on again. Each endpoint keeps a log of ' +
    "its last 100 deliveries (status, duration, body), where 'Send again' and 'Send a test event' " +
    'are.',
  'A browser holds its session in cookies that the sign-in answers set and no script can read: ' +
    '`__Host-cl_access` (the access token; HttpOnly, Secure, SameSite=Lax, Path=/) and ' +
    '`__Secure-cl_refresh` (the refresh token; HttpOnly, Secure, SameSite=Strict, Path=/v1/auth), and ' +
    "`cl_session`, which script may read and which holds no secret (the access token's expiry and a tag). " +
    'Without an `Authorization` header the API takes the access cookie instead; a write (POST, PUT, ' +
    "DELETE) authenticated that way must come from this origin's own pages (`Sec-Fetch-Site: " +
    'same-origin`, or without it an `Origin` of this origin) or is refused with 403. The web app sends ' +
    '`X-Token-Delivery: cookie`, so its answers carry `session: "cookie"` instead of the tokens.',
].join('\n\n');

export const ACCESS = {
  public: { label: 'anyone', note: '' },
  user: { label: 'a signed-in user (bearer token or access cookie)', note: '' },
  operator: {
    label: 'an operator (bearer token or access cookie of a session signed in with a second factor)',
    note: 'Operators only (`x-operator-only`).',
  },
  development: 'Development only (`x-development-only`): 404 where ENVIRONMENT is not development.',
  bearer:
    'The access token of a sign-in (`token`), valid for 15 minutes; POST /v1/auth/refresh answers a new one. ' +
    'The admin routes also need the session to have used a second factor. Or a personal access token ' +
    '(`cl_pat_…`) on a route that names the scope it needs.',
  cookie:
    "A browser's access token, set HttpOnly by the sign-in answers and taken when no Authorization header " +
    "is sent; a write authenticated by it must come from this origin's own pages (403 otherwise).",
} as const;

export const SUCCESS: Record<number, string> = {
  200: 'Done.',
  201: 'Created.',
  202: 'Accepted: the change waits for a further step.',
};

const UNREADABLE = { json: 'The body is not valid JSON.', multipart: 'The body could not be read as a form.' };
const TOO_LARGE = 'The body is larger than this route accepts.';
const NOT_JSON = 'The body is not sent as application/json.';
const CROSS_SITE_WRITE = "Authenticated by the access cookie, but not sent by this origin's own pages.";

/** What every JSON body may be refused for, said once in the Markdown reference. */
export const JSON_BODY_REFUSALS = {
  statuses: { 400: UNREADABLE.json, 413: TOO_LARGE, 415: NOT_JSON } as Record<string, string>,
  summary:
    'The body is not valid JSON (400), is larger than this route accepts (413), or is not sent as application/json (415).',
};

/** What a personal access token needs to call the route, said beside who may call it. */
export function tokenAccess(route: ApiRoute) {
  if (route.access !== 'user') return '';
  const scope = scopeOfRoute(routeKey(route));
  return scope
    ? `A personal access token needs the scope \`${scope}\`.`
    : 'A personal access token is refused here (403), whatever its scopes.';
}

/** The refusals a route answers, by status: what follows from its shape, and its own. */
export function refusals(route: ApiRoute): [ErrorStatus, string][] {
  const implied = new Map<ErrorStatus, string[]>();
  const imply = (status: ErrorStatus, text: string) => implied.set(status, [...(implied.get(status) ?? []), text]);
  if (route.body) {
    imply(400, UNREADABLE[route.body.type]);
    imply(413, TOO_LARGE);
    if (route.body.type === 'json') imply(415, NOT_JSON);
  }
  if (route.body || route.query) {
    imply(422, 'A field is invalid: `errors` names each one with its messages (listed with the fields).');
  }
  if (route.params) imply(404, 'A malformed id is answered the same.');
  const write = route.method !== 'GET';
  if (route.access === 'user') {
    imply(401, 'No valid access token: missing, expired or revoked, or the account is not active.');
    if (write) imply(403, CROSS_SITE_WRITE);
    const scope = scopeOfRoute(routeKey(route));
    imply(
      403,
      scope ? `A personal access token without \`${scope}\`, or limited to other cards.` : 'A personal access token.',
    );
    if (scope) imply(429, 'A personal access token, or its account, past its requests a minute.');
  }
  if (route.access === 'operator') {
    imply(403, 'An operator whose session used no second factor.');
    if (write) imply(403, CROSS_SITE_WRITE);
    imply(404, 'The caller is not an operator signed in with a second factor: for them this route does not exist.');
  }
  if (route.development) imply(404, 'Outside development, where this route does not exist.');
  imply(
    503,
    'A part of the platform (D1, KV, R2, the Images binding) is briefly down: try again after the `Retry-After` seconds.',
  );
  const own = route.errors ?? {};
  const statuses = new Set([...implied.keys(), ...(Object.keys(own).map(Number) as ErrorStatus[])]);
  return [...statuses]
    .sort((a, b) => a - b)
    .map((status) => {
      const text = own[status];
      // An "Also: ..." adds to what the shape implies; any other text of the route's comes first.
      const parts = text?.startsWith('Also')
        ? [...(implied.get(status) ?? []), text]
        : [text, ...(implied.get(status) ?? [])];
      return [status, parts.filter(Boolean).join(' ')];
    });
}
