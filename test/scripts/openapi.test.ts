// The API reference: the committed docs/openapi.json and docs/api.md are what `npm run openapi`
// makes from the contract now, the document is valid OpenAPI 3.1 to an independent validator, and
// the contract's examples are bodies its schemas accept. (That it names every route of the app,
// and that the Worker serves it, is checked inside workerd: test/worker/routes/openapi.test.ts.)
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { MCP_PATH, MCP_TOOLS } from '@shared/contract/mcp';
import { apiRoutes } from '@shared/contract/routes';
import { routeKey } from '@shared/contract/types';
import { OUTPUTS, renderReference } from '../../scripts/openapi/render';
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '@shared/webhooks';

const STALE = 'is stale: run `npm run openapi` and commit docs/openapi.json and docs/api.md';

let reference: Awaited<ReturnType<typeof renderReference>>;
beforeAll(async () => {
  reference = await renderReference();
}, 60_000);

describe('the API reference', () => {
  it('is committed as the generator makes it now', () => {
    expect(readFileSync(OUTPUTS.json, 'utf8') === reference.json, `docs/openapi.json ${STALE}`).toBe(true);
    expect(readFileSync(OUTPUTS.markdown, 'utf8') === reference.markdown, `docs/api.md ${STALE}`).toBe(true);
  });

  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(readFileSync(OUTPUTS.json, 'utf8')));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('has one operation per route of the contract, and the MCP server, each with a unique id', () => {
    const { [MCP_PATH]: mcp, ...api } = reference.document.paths;
    const operations = Object.values(api).flatMap((item) => Object.values(item));
    expect(operations).toHaveLength(apiRoutes.length);
    expect(Object.keys(mcp!)).toEqual(['post']);
    operations.push(mcp!.post!);
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("shows only examples that the route's schema accepts", () => {
    const examples = apiRoutes.filter((route) => route.body?.example !== undefined);
    expect(examples.length).toBeGreaterThan(20);
    for (const route of examples) {
      const parsed = route.body!.schema.safeParse(route.body!.example);
      expect(parsed.error?.issues, routeKey(route)).toBeUndefined();
    }
  });

  it('marks the admin routes operator-only and the development routes development-only', () => {
    const paths = reference.document.paths;
    expect(paths['/v1/admin/accounts']!.get!['x-operator-only']).toBe(true);
    expect(paths['/v1/admin/accounts']!.get!.security).toEqual([{ bearer: [] }, { cookie: [] }]);
    expect(paths['/v1/dev/mail']!.get!['x-development-only']).toBe(true);
    expect(paths['/v1/config']!.get!.security).toEqual([]);
    expect(Object.keys(paths['/v1/user/links/{id}']!.put!.responses as object)).toEqual(
      expect.arrayContaining(['200', '401', '403', '404', '422']),
    );
  });

  it('lists every MCP tool under /mcp with its scope and input schema, and shows how to connect', () => {
    const tools = reference.document.paths[MCP_PATH]!.post!['x-mcp-tools'] as { name: string; scope: string }[];
    expect(tools.map((tool) => [tool.name, tool.scope])).toEqual(MCP_TOOLS.map((tool) => [tool.name, tool.scope]));
    expect(reference.markdown).toContain('## MCP server');
    expect(reference.markdown).toContain('"Authorization": "Bearer cl_pat_…"');
    for (const tool of MCP_TOOLS) expect(reference.markdown).toContain(`| \`${tool.name}\` | \`${tool.scope}\` |`);
  });

  it('documents every webhook event in the top-level webhooks section, with its body and signature headers', () => {
    const webhooks = reference.document.webhooks;
    expect(Object.keys(webhooks)).toEqual([...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT]);
    for (const [event, item] of Object.entries(webhooks)) {
      const post = item.post as {
        parameters: { name: string }[];
        requestBody: { content: Record<string, { schema: { properties: Record<string, { const?: string }> } }> };
      };
      expect(
        post.parameters.map((p) => p.name),
        event,
      ).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      const body = post.requestBody.content['application/json']!.schema;
      expect(body.properties.type!.const, event).toBe(event);
      expect(Object.keys(body.properties), event).toEqual(['type', 'timestamp', 'data']);
    }
    const paths = reference.document.paths;
    expect(Object.keys(paths['/v1/user/webhooks']!)).toEqual(['get', 'post']);
    expect(paths['/v1/user/webhooks/{id}/rotate']!.post).toBeDefined();
  });
});
