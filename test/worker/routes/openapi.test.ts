// GET /v1/openapi.json answers the committed reference (docs/openapi.json), and that reference
// names every /v1 route of the app and no other. That the committed file is what the generator
// makes now, and that it is valid OpenAPI 3.1, is checked in Node (test/scripts/openapi.test.ts).
import { describe, expect, it } from 'vitest';
import { MCP_PATH } from '@shared/contract/mcp';
import committed from '../../../docs/openapi.json';
import { app } from '../../../worker/app';
import { api } from '../helpers';

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** `METHOD /path` with Hono's parameters as OpenAPI writes them (`:id` → `{id}`, `:a{x|y}` → `{a}`). */
const asOpenApi = (method: string, path: string) => `${method} ${path.replace(/:(\w+)(?:\{[^}]*\})?/g, '{$1}')}`;

describe('GET /v1/openapi.json', () => {
  it('answers the committed document to anyone, as JSON', async () => {
    const answer = await api('/v1/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toMatch(/^application\/json\b/);
    expect(answer.headers.get('Cache-Control')).toBe('public, max-age=300');
    expect(answer.body).toEqual(committed);
    expect(answer.body.openapi).toBe('3.1.0');
  });

  it('refuses other methods with the error body', async () => {
    const answer = await api('/v1/openapi.json', { method: 'POST', json: {} });
    expect(answer.status).toBe(405);
    expect(answer.body).toEqual({ success: false, message: 'Method not allowed' });
  });

  it('documents every /v1 route of the app and the MCP server, and only those', () => {
    const routes = new Set(
      app.routes
        .filter((route) => route.method !== 'ALL' && route.path.startsWith('/v1/'))
        .map((route) => asOpenApi(route.method, route.path)),
    );
    // Beside /v1, the MCP server: one handler for every method, whose one operation is POST (the
    // others answer 405).
    if (app.routes.some((route) => route.path === MCP_PATH)) routes.add(`POST ${MCP_PATH}`);
    const paths = committed.paths as Record<string, Record<string, unknown>>;
    const documented = new Set(
      Object.entries(paths).flatMap(([path, item]) =>
        Object.keys(item)
          .filter((key) => METHODS.has(key))
          .map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const missing = [...routes].filter((route) => !documented.has(route));
    expect(
      missing,
      'routes missing from docs/openapi.json: add them to shared/contract/ and run npm run openapi',
    ).toEqual([]);
    expect([...documented].filter((route) => !routes.has(route))).toEqual([]);
  });
});
