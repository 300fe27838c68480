import { apiRoutes } from '@shared/contract/routes';
import { isOtherAnswer } from '@shared/contract/types';
import { errorResponse } from '@shared/schemas/responses';

// Every answer the handlers give is held against shared/contract, the table the Worker's own
// contract test and the API reference use: the route exists, it answers that status, and a JSON
// body has that route's shape. This catches an override that skips answer(), or one that picks
// another route's schema.

/** A Hono path ('/v1/user/links/:id', ':action{a|b}') as a pattern for a request's path. */
const patternOf = (path: string) =>
  new RegExp(
    `^${path
      .split('/')
      .map((segment) => {
        const choice = /^:\w+\{(.+)\}$/.exec(segment);
        if (choice) return `(?:${choice[1]})`;
        return segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/')}$`,
  );

const routes = apiRoutes.map((route) => ({ route, pattern: patternOf(route.path) }));

/** What is wrong with `response` as the Worker's answer to `request`, or null when nothing is. */
export async function contractBreachOf(request: Request, response: Response): Promise<string | null> {
  const { pathname } = new URL(request.url);
  const name = `${request.method} ${pathname} answered ${response.status}`;
  const found = routes.find(({ route, pattern }) => route.method === request.method && pattern.test(pathname));
  if (!found) return `${request.method} ${pathname} is no route of shared/contract`;
  // No JSON: a file, a 204, or a bare status from a proxy (answer.ts's noBody), which the
  // contract does not describe; a network failure has no status at all.
  if (response.status === 0 || !response.headers.get('Content-Type')?.includes('application/json')) return null;
  const body: unknown = await response.clone().json();
  if (response.status >= 400) {
    return errorResponse.safeParse(body).success ? null : `${name}: not the Worker's error body`;
  }
  const answer = found.route.answers[response.status as keyof typeof found.route.answers];
  if (!answer) return `${name}: the route never answers that status`;
  if (isOtherAnswer(answer)) return null;
  const schemas = Array.isArray(answer) ? answer : [answer];
  return schemas.some((schema) => schema.safeParse(body).success) ? null : `${name}: not the route's answer`;
}
