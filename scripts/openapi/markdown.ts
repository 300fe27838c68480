// docs/api.md: the OpenAPI document as a page to read, per resource, with each request field's
// rules and the messages it answers (read from the zod schemas: JSON Schema has no place for them).
import { resources } from '@shared/contract/routes';
import type { ApiRoute } from '@shared/contract/types';
import { openApiPath, type OpenApiDocument } from './document';
import { fieldMessages } from './messages';
import { mcpMarkdown } from './mcp';
import { ACCESS, JSON_BODY_REFUSALS, tokenAccess } from './prose';
import { resolve, type JsonSchema } from './schemas';

type Row = { name: string; schema: JsonSchema; required: boolean };

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (value: unknown) => `\`${typeof value === 'string' && value !== '' ? value : JSON.stringify(value)}\``;
const anchor = (name: string) => `[${name}](#${name.toLowerCase()})`;
const refName = (schema: JsonSchema) =>
  typeof schema.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : undefined;
const members = (schema: JsonSchema) => (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;

/** A schema's type in words; the components it names are added to `linked` (the Schemas section lists them). */
function typeText(schema: JsonSchema, linked: Set<string>): string {
  const ref = refName(schema);
  if (ref) {
    linked.add(ref);
    return anchor(ref);
  }
  const parts = members(schema);
  if (parts) return [...new Set(parts.map((part) => typeText(part, linked)))].join(' or ');
  if (schema.const !== undefined) return code(schema.const);
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  if (schema.type === 'array') return `array of ${typeText((schema.items ?? {}) as JsonSchema, linked)}`;
  return typeof schema.type === 'string' ? schema.type : 'any';
}

function rulesText(schema: JsonSchema): string {
  const rules: string[] = [];
  const { minLength, maxLength, minItems, maxItems } = schema as Record<string, number | undefined>;
  if (minLength !== undefined && maxLength !== undefined) rules.push(`${minLength} to ${maxLength} characters`);
  else if (minLength !== undefined) rules.push(`at least ${minLength} characters`);
  else if (maxLength !== undefined) rules.push(`at most ${maxLength} characters`);
  if (minItems !== undefined) rules.push(`at least ${minItems} items`);
  if (maxItems !== undefined) rules.push(`at most ${maxItems} items`);
  if (schema.minimum !== undefined) rules.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) rules.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined) rules.push(`≤ ${schema.maximum}`);
  // A format (uuid, email) says what its long pattern says.
  if (schema.pattern !== undefined && schema.format === undefined) rules.push(`matches ${code(schema.pattern)}`);
  if (schema.format !== undefined) rules.push(`format ${schema.format}`);
  if (Array.isArray(schema.enum)) rules.push(`one of ${schema.enum.map(code).join(', ')}`);
  if (schema.default !== undefined) rules.push(`default ${code(schema.default)}`);
  if (typeof schema.description === 'string') rules.push(schema.description);
  for (const part of members(schema) ?? []) {
    const inner = rulesText(part);
    if (inner) rules.push(inner);
  }
  return rules.join('; ');
}

/** The fields of an object, nested objects' fields after theirs (`custom_theme.text_color`, `links[].title`). */
function rows(schema: JsonSchema, components: Record<string, JsonSchema>, prefix = '', deep = true): Row[] {
  const object = resolve(schema, components);
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries((object.properties ?? {}) as Record<string, JsonSchema>).flatMap(([key, field]) => {
    const name = `${prefix}${key}`;
    const row = { name, schema: field, required: required.has(key) };
    if (!deep) return [row];
    const nested = [field, ...(members(field) ?? [])].flatMap((part) => {
      const resolved = resolve(part, components);
      if (resolved.properties) return rows(resolved, components, `${name}.`);
      const items = resolved.items as JsonSchema | undefined;
      return items && resolve(items, components).properties ? rows(items, components, `${name}[].`) : [];
    });
    return [row, ...nested];
  });
}

function fieldTable(list: Row[], messages: Map<string, string[]> | null, linked: Set<string>) {
  const head = messages ? '| Field | Type | Required | Rules | Messages |' : '| Field | Type | Required | Rules |';
  const lines = [head, `|${' --- |'.repeat(messages ? 5 : 4)}`];
  for (const { name, schema, required } of list) {
    const base = [code(name), typeText(schema, linked), required ? 'yes' : 'no', rulesText(schema)];
    const said = messages ? [(messages.get(name) ?? []).join('<br>')] : [];
    lines.push(`| ${[...base, ...said].map(cell).join(' | ')} |`);
  }
  return lines.join('\n');
}

function routeSection(route: ApiRoute, document: OpenApiDocument, linked: Set<string>) {
  const operation = document.paths[openApiPath(route.path)]![route.method.toLowerCase()]!;
  const components = document.components.schemas;
  const out = [`### \`${route.method} ${openApiPath(route.path)}\``, '', `${route.summary}.`];
  if (route.description) out.push('', route.description);
  out.push('', `Access: ${ACCESS[route.access].label}.${route.development ? ` ${ACCESS.development}` : ''}`);
  const token = tokenAccess(route);
  if (token) out.push('', token);
  const parameters = (operation.parameters ?? []) as (Row & { in: string })[];
  for (const place of ['path', 'query']) {
    const list = parameters.filter((parameter) => parameter.in === place);
    if (list.length > 0)
      out.push('', `${place === 'path' ? 'Path' : 'Query'} parameters:`, '', fieldTable(list, null, linked));
  }
  const body = operation.requestBody as
    { content: Record<string, { schema: JsonSchema; example?: unknown }> } | undefined;
  if (body && route.body) {
    const [type, media] = Object.entries(body.content)[0]!;
    out.push(
      '',
      `Body (${type}):`,
      '',
      fieldTable(rows(media.schema, components), fieldMessages(route.body.schema), linked),
    );
    if (media.example !== undefined)
      out.push('', 'Example:', '', '```json', JSON.stringify(media.example, null, 2), '```');
  }
  out.push('', 'Answers:', '');
  const responses = Object.entries(operation.responses as Record<string, JsonSchema>);
  const usual = responses.filter(([status, { description }]) => JSON_BODY_REFUSALS.statuses[status] === description);
  for (const [status, response] of responses) {
    if (usual.length === 3 && usual.some(([known]) => known === status)) {
      if (status === usual[0]![0]) out.push(`- **400, 413, 415** the error body: ${JSON_BODY_REFUSALS.summary}`);
      continue;
    }
    const content = response.content as Record<string, { schema: JsonSchema }> | undefined;
    const [type, media] = content ? Object.entries(content)[0]! : [];
    const shape = type === 'application/json' && media ? typeText(media.schema, linked) : type ? code(type) : 'no body';
    const what = status.startsWith('2') || status.startsWith('3') ? shape : 'the error body';
    out.push(`- **${status}** ${what}: ${response.description}`);
  }
  return out.join('\n');
}

function schemaSection(name: string, schema: JsonSchema, components: Record<string, JsonSchema>, linked: Set<string>) {
  return [`### ${name}`, '', fieldTable(rows(schema, components, '', false), null, linked)].join('\n');
}

export function renderMarkdown(document: OpenApiDocument) {
  const components = document.components.schemas;
  const out = [
    '# Cardlink API reference',
    '',
    '<!-- Generated by `npm run openapi` from shared/contract/ and shared/schemas/: edit those, not this file. -->',
    '',
    'The same reference as an OpenAPI 3.1 document: [openapi.json](openapi.json), also served at `GET /v1/openapi.json`.',
    '',
    String(document.info.description),
    '',
    '## Resources',
    '',
    ...resources.map(
      (resource) => `- [${resource.name}](#${resource.name.toLowerCase()}): ${resource.routes.length} routes`,
    ),
    '- [MCP server](#mcp-server): connecting an AI assistant, and its tools',
    '- [Schemas](#schemas): the shapes the routes name',
  ];
  const linked = new Set<string>();
  for (const resource of resources) {
    out.push('', `## ${resource.name}`, '', resource.description);
    for (const route of resource.routes) out.push('', routeSection(route, document, linked));
  }
  out.push('', mcpMarkdown());
  // The shapes the routes name, then the shapes those name, until none is new; by name.
  const sections = new Map<string, string>();
  while (sections.size < linked.size) {
    for (const name of [...linked].filter((known) => !sections.has(known))) {
      sections.set(name, schemaSection(name, components[name]!, components, linked));
    }
  }
  out.push('', '## Schemas', '', 'The shapes the routes above name, by name.');
  for (const name of [...sections.keys()].sort()) out.push('', sections.get(name)!);
  return `${out.join('\n')}\n`;
}
