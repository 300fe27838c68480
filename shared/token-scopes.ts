import type { TokenScope } from './schemas/tokens';

/**
 * The scope each /v1 route needs when a personal access token calls it, by its route key
 * (`METHOD /path` as the app registers it). A route missing here is refused to every token
 * whatever its scopes, so a route added later is closed to tokens until someone decides
 * (docs/decisions/0097-personal-access-tokens.md). Sign-in, security, sessions, passkeys, the
 * account's language, export and deletion, the tokens themselves and the console are never
 * here on purpose.
 */
const USER_ROUTES: Record<string, TokenScope> = {
  'GET /profile': 'cards:read',
  'POST /profile/update': 'cards:write',
  'POST /profile/avatar': 'cards:write',
  'DELETE /profile/avatar': 'cards:write',
  'GET /profile/avatar/source': 'cards:read',
  'POST /profile/avatar/crop': 'cards:write',
  'POST /profile/cover-image': 'cards:write',
  'DELETE /profile/cover-image': 'cards:write',
  'GET /profile/cover-image/source': 'cards:read',
  'POST /profile/cover-image/crop': 'cards:write',
  'POST /profile/background-image': 'cards:write',
  'DELETE /profile/background-image': 'cards:write',
  'PUT /profile/theme': 'cards:write',
  'PUT /profile/template': 'cards:write',
  'GET /themes': 'cards:read',
  'GET /templates': 'cards:read',
  'GET /wallet': 'cards:read',
  'GET /wallet/apple': 'cards:read',
  'GET /wallet/google': 'cards:read',
  'GET /share/virtual-background.png': 'cards:read',
  'GET /links': 'links:read',
  'POST /links': 'links:write',
  'PUT /links/order': 'links:write',
  'PUT /links/:id': 'links:write',
  'POST /links/:id/restore': 'links:write',
  'DELETE /links/:id': 'links:write',
  'POST /links/import/preview': 'links:write',
  'POST /links/import': 'links:write',
  'GET /stats': 'stats:read',
  'GET /contacts': 'contacts:read',
  'GET /contacts/export.csv': 'contacts:read',
  'GET /contacts/export.vcf': 'contacts:read',
  'PUT /contacts/settings': 'contacts:write',
  'DELETE /contacts/:id': 'contacts:write',
};

const twin = (prefix: string) =>
  Object.entries(USER_ROUTES).map(([key, scope]) => {
    const [method, path] = key.split(' ');
    return [`${method} ${prefix}${path}`, scope] as const;
  });

export const TOKEN_ROUTE_SCOPES: Readonly<Record<string, TokenScope>> = {
  ...Object.fromEntries(twin('/v1/user')),
  ...Object.fromEntries(twin('/v1/cards/:cardId')),
  'GET /v1/cards': 'cards:read',
  'POST /v1/cards': 'cards:write',
  'GET /v1/cards/:cardId': 'cards:read',
  'DELETE /v1/cards/:cardId': 'cards:write',
  'POST /v1/cards/:cardId/primary': 'cards:write',
  // The account's webhooks (docs/decisions/0098-signed-webhooks.md): one scope reads and changes them.
  'GET /v1/user/webhooks': 'webhooks:write',
  'POST /v1/user/webhooks': 'webhooks:write',
  'DELETE /v1/user/webhooks/:id': 'webhooks:write',
  'POST /v1/user/webhooks/:id/rotate': 'webhooks:write',
  'POST /v1/user/webhooks/:id/enable': 'webhooks:write',
  'GET /v1/user/webhooks/:id/deliveries': 'webhooks:write',
  'POST /v1/user/webhooks/:id/test': 'webhooks:write',
  'POST /v1/user/webhooks/:id/deliveries/:deliveryId/resend': 'webhooks:write',
};

/** The scope a route needs from a token, or undefined: no token may call it. */
export const scopeOfRoute = (key: string): TokenScope | undefined =>
  Object.hasOwn(TOKEN_ROUTE_SCOPES, key) ? TOKEN_ROUTE_SCOPES[key] : undefined;
