// The request side of the contract: every JSON body and query the contract table (shared/contract/,
// which the API reference is made from) lists is the one its route validates with. Each route is
// sent a body, or a query, that the table's schema refuses, and must answer 422 with exactly the
// field messages that schema gives: a route that validates with another schema fails here.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiRoutes } from '@shared/contract/routes';
import { routeKey, type ApiRoute } from '@shared/contract/types';
import { toFieldErrors } from '../../worker/lib/validate';
import { login, post } from './auth-helpers';
import { api, registerUser } from './helpers';
import { enableTotp, nextCode } from './security-helpers';

/** A value no field of these schemas takes: not text, a number, a flag or an object. */
const WRONG = [[]];
/** Query text longer than any query field allows. */
const TOO_LONG = 'x'.repeat(300);

let user: Awaited<ReturnType<typeof registerUser>>;
let operator: string;

beforeAll(async () => {
  user = await registerUser();
  const admin = await registerUser();
  await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.id).run();
  const { secret } = await enableTotp(admin);
  const first = await login(admin.email, admin.password);
  const done = await post('/v1/auth/login/second-factor', {
    mfa_token: first.body.mfa_token,
    code: await nextCode(secret),
  });
  operator = done.body.token as string;
}, 60_000);

/** The route's path with parameters its own schema accepts, so the request reaches the body's check. */
function concretePath(route: ApiRoute) {
  return route.path.replace(/:(\w+)(?:\{(\w+)[^}]*\})?/g, (_, name: string, first?: string) => {
    if (first) return first;
    // The account's own card (its first keeps the account's id), so the request reaches the body's check.
    if (name === 'cardId') return user.id;
    const candidates = ['1', crypto.randomUUID(), 'x'];
    return candidates.find((value) => route.params?.safeParse({ cardId: user.id, [name]: value }).success ?? true)!;
  });
}

const tokenFor = (route: ApiRoute) =>
  route.access === 'operator' ? operator : route.access === 'user' ? user.token : undefined;

/** The field messages the schema gives for this input: what the route must answer. */
function expectedErrors(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('the schema accepted the input meant to be refused');
  return toFieldErrors(result.error);
}

describe('request schemas of the contract', { timeout: 60_000 }, () => {
  const withJson = apiRoutes.filter((route) => route.body?.type === 'json');
  const withQuery = apiRoutes.filter((route) => route.query);

  it('covers the routes that take a JSON body or a query', () => {
    expect(withJson.length).toBeGreaterThan(30);
    expect(withQuery.map(routeKey)).toContain('GET /v1/user/stats');
  });

  it.each(withJson.map((route) => [routeKey(route), route] as const))('%s validates its body', async (_, route) => {
    const shape = (route.body!.schema as z.ZodObject).shape;
    const body = Object.fromEntries(Object.keys(shape).map((field) => [field, WRONG]));
    const answer = await api(concretePath(route), { method: route.method, token: tokenFor(route), json: body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body.errors).toEqual(expectedErrors(route.body!.schema, body));
  });

  it.each(withQuery.map((route) => [routeKey(route), route] as const))('%s validates its query', async (_, route) => {
    const query = Object.fromEntries(Object.keys(route.query!.shape).map((field) => [field, TOO_LONG]));
    const path = `${concretePath(route)}?${new URLSearchParams(query)}`;
    const answer = await api(path, { method: route.method, token: tokenFor(route) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body.errors).toEqual(expectedErrors(route.query!, query));
  });
});
