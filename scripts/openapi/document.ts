// The OpenAPI 3.1 document of the /v1 API, made from the contract (shared/contract/) and the
// shared zod schemas. scripts/openapi.ts writes it to docs/openapi.json.
import type { z } from 'zod';
import { resources } from '@shared/contract/routes';
import { isOtherAnswer, routeKey, type Answer, type ApiRoute, type RequestBody } from '@shared/contract/types';
import { errorResponse } from '@shared/schemas/responses';
import { webhookPayloads } from '@shared/schemas/webhooks';
import { ACCESS_COOKIE } from '@shared/session-cookies';
import { scopeOfRoute } from '@shared/token-scopes';
import { MCP_PATH } from '@shared/contract/mcp';
import { MCP_SECURITY_SCHEME, mcpPath } from './mcp';
import { ACCESS, INTRODUCTION, refusals, SUCCESS, tokenAccess } from './prose';
import { Components, namedSchemas, resolve, type JsonSchema } from './schemas';

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: JsonSchema;
  paths: Record<string, Record<string, JsonSchema>>;
  webhooks: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: JsonSchema };
} & JsonSchema;

const HONO_PARAM = /:(\w+)(?:\{([^}]*)\})?/g;

/** `/v1/user/links/:id` → `/v1/user/links/{id}`. */
export const openApiPath = (path: string) => path.replace(HONO_PARAM, '{$1}');

/** A path parameter with a pattern of plain words (`:action{activate|reject}`) is one of them. */
function pathChoices(path: string): Map<string, string[] | null> {
  const found = new Map<string, string[] | null>();
  for (const [, name, pattern] of path.matchAll(HONO_PARAM)) {
    found.set(name!, pattern && /^[\w-]+(\|[\w-]+)*$/.test(pattern) ? pattern.split('|') : null);
  }
  return found;
}

/** `POST /v1/user/links/:id/restore` → `postUserLinksByIdRestore`. */
export function operationId(route: ApiRoute) {
  const words = route.path
    .replace(/^\/v1\//, '')
    .replace(HONO_PARAM, 'by-$1')
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean);
  return route.method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

const propertiesOf = (schema: JsonSchema) => (schema.properties ?? {}) as Record<string, JsonSchema>;
const requiredOf = (schema: JsonSchema) => new Set((schema.required ?? []) as string[]);

/** An object schema's own fields, for parameters and form fields (never a reference). */
const inline = (schema: z.ZodType, components: Components) =>
  resolve(components.convert(schema, 'input'), components.schemas);

function parameters(route: ApiRoute, components: Components) {
  const path = route.params ? inline(route.params, components) : {};
  const list: JsonSchema[] = [];
  for (const [name, choices] of pathChoices(route.path)) {
    const schema = propertiesOf(path)[name] ?? (choices ? { type: 'string', enum: choices } : { type: 'string' });
    list.push({ name, in: 'path', required: true, schema });
  }
  if (route.query) {
    const query = inline(route.query, components);
    const required = requiredOf(query);
    for (const [name, schema] of Object.entries(propertiesOf(query))) {
      list.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  return list;
}

function requestBody(body: RequestBody, components: Components): JsonSchema {
  const example = body.example === undefined ? {} : { example: body.example };
  if (body.type === 'json') {
    return {
      required: true,
      content: { 'application/json': { schema: components.convert(body.schema, 'input'), ...example } },
    };
  }
  // A form: the text fields inline, with the file parts beside them.
  const fields = inline(body.schema, components);
  const files = Object.entries(body.files ?? {});
  const schema: JsonSchema = {
    type: 'object',
    properties: {
      ...propertiesOf(fields),
      ...Object.fromEntries(
        files.map(([name, part]) => [
          name,
          { type: 'string', contentMediaType: 'application/octet-stream', description: part.description },
        ]),
      ),
    },
  };
  const required = [...requiredOf(fields), ...files.filter(([, part]) => part.required).map(([name]) => name)];
  if (required.length > 0) schema.required = required;
  return { required: true, content: { 'multipart/form-data': { schema, ...example } } };
}

function answer(status: number, answer: Answer, components: Components): JsonSchema {
  if (isOtherAnswer(answer)) {
    const headers = status === 301 ? { headers: { Location: { schema: { type: 'string' } } } } : {};
    const content = answer.contentType
      ? { content: { [answer.contentType]: { schema: answer.contentType.endsWith('json') ? { type: 'object' } : {} } } }
      : {};
    return { description: answer.description, ...headers, ...content };
  }
  const shapes = (Array.isArray(answer) ? answer : [answer]) as z.ZodType[];
  const schemas = shapes.map((shape) => components.convert(shape, 'output'));
  const schema = schemas.length === 1 ? schemas[0]! : { oneOf: schemas };
  return { description: SUCCESS[status] ?? 'Done.', content: { 'application/json': { schema } } };
}

/** The headers of the answers that say when to try again and how much of a bound is left (docs/decisions/0090). */
const RETRY_AFTER = {
  description: 'Seconds after which trying again can work.',
  schema: { type: 'integer', minimum: 1 },
};
const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': {
    description:
      'The bounds the request counted against (draft-ietf-httpapi-ratelimit-headers): one `"name";q=<attempts>;w=<window in seconds>` item per bound, named by what is counted and its window. Bounds on an address anyone may type are not listed.',
    schema: { type: 'string' },
  },
  RateLimit: {
    description:
      'What is left of each listed bound: `"name";r=<attempts left>;t=<seconds until the oldest counted attempt leaves the window>`.',
    schema: { type: 'string' },
  },
};

function operation(route: ApiRoute, tag: string, components: Components, errorSchema: JsonSchema): JsonSchema {
  const description = [
    ACCESS[route.access].note,
    route.development ? ACCESS.development : '',
    tokenAccess(route),
    route.description,
  ]
    .filter(Boolean)
    .join('\n\n');
  const responses: Record<string, JsonSchema> = {};
  // A route that answers 429 is bounded: its every answer says how much of the bound is left.
  const bounded = route.errors?.[429] !== undefined || scopeOfRoute(routeKey(route)) !== undefined;
  for (const [status, shape] of Object.entries(route.answers)) {
    const answered = answer(Number(status), shape, components);
    const headers = { ...(answered.headers as JsonSchema | undefined), ...RATE_LIMIT_HEADERS };
    responses[status] = bounded ? { ...answered, headers } : answered;
  }
  for (const [status, text] of refusals(route)) {
    const headers =
      status === 429
        ? { headers: { 'Retry-After': RETRY_AFTER, ...RATE_LIMIT_HEADERS } }
        : status === 503
          ? { headers: { 'Retry-After': RETRY_AFTER } }
          : {};
    responses[status] = { description: text, ...headers, content: { 'application/json': { schema: errorSchema } } };
  }
  const params = parameters(route, components);
  return {
    tags: [tag],
    summary: route.summary,
    ...(description ? { description } : {}),
    operationId: operationId(route),
    security: route.access === 'public' ? [] : [{ bearer: [] }, { cookie: [] }],
    ...(route.access === 'operator' ? { 'x-operator-only': true } : {}),
    ...(scopeOfRoute(routeKey(route)) ? { 'x-token-scope': scopeOfRoute(routeKey(route)) } : {}),
    ...(route.development ? { 'x-development-only': true } : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(route.body ? { requestBody: requestBody(route.body, components) } : {}),
    responses,
  };
}

/** The components the operations name, and those these name in turn, by name. */
function referenced(paths: OpenApiDocument['paths'], all: Record<string, JsonSchema>) {
  const names = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      const ref = (value as JsonSchema).$ref;
      const name = typeof ref === 'string' ? ref.replace('#/components/schemas/', '') : undefined;
      if (name && !names.has(name)) {
        names.add(name);
        visit(all[name]);
      }
      Object.values(value).forEach(visit);
    }
  };
  visit(paths);
  return Object.fromEntries([...names].sort().map((name) => [name, all[name]!]));
}

const SIGNATURE_HEADERS = [
  ['webhook-id', "The message's id (`msg_…`): the same on every attempt, so a receiver can drop a repeat."],
  ['webhook-timestamp', 'When this attempt was signed, in Unix seconds.'],
  [
    'webhook-signature',
    '`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` with the secret after `whsec_`; two, ' +
      'space-separated, for 24 hours after a rotation.',
  ],
] as const;

/** OpenAPI 3.1's top-level `webhooks`: each event's POST to the receiver, with its body and headers. */
function webhookSection(components: Components): OpenApiDocument['webhooks'] {
  return Object.fromEntries(
    Object.entries(webhookPayloads).map(([event, schema]) => [
      event,
      {
        post: {
          operationId: `webhook_${event.replace('.', '_')}`,
          summary: `The \`${event}\` event`,
          tags: ['Webhooks'],
          parameters: SIGNATURE_HEADERS.map(([name, description]) => ({
            name,
            in: 'header',
            required: true,
            description,
            schema: { type: 'string' },
          })),
          requestBody: {
            required: true,
            content: { 'application/json': { schema: components.convert(schema, 'output') } },
          },
          responses: {
            '2XX': { description: 'Delivered. Any other answer, or none within 10 seconds, is retried.' },
          },
        },
      },
    ]),
  );
}

export async function buildDocument(version: string): Promise<OpenApiDocument> {
  const components = new Components(await namedSchemas());
  const errorSchema = components.convert(errorResponse, 'output');
  const paths: OpenApiDocument['paths'] = {};
  for (const resource of resources) {
    for (const route of resource.routes) {
      const item = (paths[openApiPath(route.path)] ??= {});
      item[route.method.toLowerCase()] = operation(route, resource.name, components, errorSchema);
    }
  }
  // Beside /v1: the MCP server for assistants, its tools in `x-mcp-tools` (scripts/openapi/mcp.ts).
  paths[MCP_PATH] = mcpPath();
  const webhooks = webhookSection(components);
  const schemas = referenced({ ...paths, ...webhooks }, components.schemas);
  return {
    openapi: '3.1.0',
    info: { title: 'Cardlink API', version, description: INTRODUCTION },
    servers: [{ url: '/', description: 'The deployment that serves this document' }],
    tags: [
      ...resources.map((resource) => ({ name: resource.name, description: resource.description })),
      { name: 'MCP', description: 'The Model Context Protocol server for AI assistants, with personal access tokens.' },
    ],
    paths,
    webhooks,
    components: {
      schemas,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: ACCESS.bearer },
        cookie: { type: 'apiKey', in: 'cookie', name: ACCESS_COOKIE, description: ACCESS.cookie },
        apiToken: MCP_SECURITY_SCHEME,
      },
    },
  };
}
