import { PatternRouter } from 'hono/router/pattern-router';

// Hono answers a known path with an unknown method as "not found"; HTTP says 405 with an
// Allow header naming the methods that path has (RFC 9110, section 15.5.6).

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type RouteLike = { method: string; path: string };

let router: PatternRouter<true> | undefined;

/** The methods some route answers on this path (HEAD wherever GET), or none. */
export function allowedMethods(routes: readonly RouteLike[], path: string): string[] {
  if (!router) {
    const built = new PatternRouter<true>();
    // Middleware (`use`) is registered for every method and decides nothing about the path.
    for (const route of routes) if (route.method !== 'ALL') built.add(route.method, route.path, true);
    router = built;
  }
  const found = router;
  const allowed: string[] = METHODS.filter((method) => found.match(method, path)[0].length > 0);
  if (allowed.includes('GET') && !allowed.includes('HEAD')) allowed.splice(1, 0, 'HEAD');
  return allowed;
}
