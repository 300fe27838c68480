// The MCP server at /mcp in the reference: one POST operation whose `x-mcp-tools` lists every tool
// the Worker serves (shared/contract/mcp.ts), with its scope and input schema, and a section of
// docs/api.md on connecting an assistant. The Worker test compares tools/list with the committed list.
import { MCP_PATH, MCP_TOOLS } from '@shared/contract/mcp';
import { toolInputSchema } from '@shared/contract/mcp-schema';
import { ACCOUNT_TOKEN_REQUESTS_PER_MINUTE, TOKEN_REQUESTS_PER_MINUTE } from '@shared/schemas/tokens';
import type { JsonSchema } from './schemas';

const rpcError = {
  type: 'object',
  required: ['jsonrpc', 'error', 'id'],
  properties: {
    jsonrpc: { const: '2.0' },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
    },
    id: { type: ['string', 'integer', 'null'] },
  },
};
const rpcMessage = {
  type: 'object',
  required: ['jsonrpc'],
  properties: {
    jsonrpc: { const: '2.0' },
    id: { type: ['string', 'integer'] },
    method: { type: 'string' },
    params: { type: 'object' },
  },
  description: 'One JSON-RPC 2.0 message of the Model Context Protocol, or an array of them.',
};

const refusal = (description: string) => ({
  description,
  content: { 'application/json': { schema: rpcError } },
});

export const MCP_DESCRIPTION = [
  'The Model Context Protocol (specification 2025-11-25, and the earlier versions back to 2024-11-05) over ' +
    'Streamable HTTP, stateless: every JSON-RPC message is a POST, answered with JSON; no session ' +
    '(`Mcp-Session-Id`) is made, GET and DELETE answer 405. Send `Accept: application/json, text/event-stream` ' +
    '(else 406) and `Content-Type: application/json` (else 415).',
  'Authenticated by a personal access token only, `Authorization: Bearer cl_pat_…`: a session ' +
    "(the dashboard's bearer token or its cookie) is refused with 401, as are a missing, revoked or " +
    'expired token; each 401 carries `WWW-Authenticate: Bearer realm="cardlink"`. Each request counts ' +
    `against the token's bounds as on the API (${TOKEN_REQUESTS_PER_MINUTE} a minute per token, ` +
    `${ACCOUNT_TOKEN_REQUESTS_PER_MINUTE} per account) and carries the same RateLimit fields.`,
  "Each tool needs one scope; a token without it gets the tool's error naming the scope " +
    '(`This token lacks the scope links:write`). Tools act on the primary card unless given `card_id`; a ' +
    "card the token was not given, or another account's, is `Card not found`. Arguments are checked with " +
    'the same rules, and answered with the same messages, as the API routes the tools stand for. The tools ' +
    'are listed in `x-mcp-tools`.',
].join('\n\n');

export const mcpTools = () =>
  MCP_TOOLS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    scope: tool.scope,
    readOnly: tool.readOnly,
    inputSchema: toolInputSchema(tool) as JsonSchema,
  }));

/** The `/mcp` path item. */
export function mcpPath(): Record<string, JsonSchema> {
  return {
    post: {
      tags: ['MCP'],
      summary: 'Speak the Model Context Protocol (for AI assistants)',
      description: MCP_DESCRIPTION,
      operationId: 'postMcp',
      security: [{ apiToken: [] }],
      'x-mcp-tools': mcpTools(),
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { oneOf: [rpcMessage, { type: 'array', items: rpcMessage }] },
            example: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_cards', arguments: {} } },
          },
        },
      },
      responses: {
        200: {
          description:
            "The JSON-RPC answer: a tool's result (`isError: true` with a message when the tool refused), or a JSON-RPC error.",
          content: { 'application/json': { schema: { type: 'object' } } },
        },
        202: { description: 'Notifications or responses only: accepted, no body.' },
        400: refusal('Malformed JSON or not a JSON-RPC message (code -32700), or an unsupported protocol version.'),
        401: refusal('No personal access token, or one that is revoked, expired or unknown, or a session.'),
        406: refusal('The Accept header does not take both application/json and text/event-stream.'),
        413: refusal('The body is larger than 64 KB.'),
        415: refusal('The body is not application/json.'),
        429: refusal("Past the token's or the account's bounds; see Retry-After."),
      },
    },
  };
}

export const MCP_SECURITY_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'cl_pat_…',
  description: 'A personal access token (POST /v1/user/tokens, or Settings, API tokens). Sessions are refused.',
};

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The properties of a tool's input, in words: `name` (type, required). */
function argumentsText(schema: JsonSchema) {
  const required = new Set((schema.required ?? []) as string[]);
  const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
  if (properties.length === 0) return 'none';
  return properties.map(([name]) => `\`${name}\`${required.has(name) ? ' (required)' : ''}`).join(', ');
}

/** The section of docs/api.md on the MCP server: connecting an assistant, then the tools. */
export function mcpMarkdown(origin = 'https://cardlink.example') {
  const config = {
    mcpServers: {
      cardlink: { type: 'http', url: `${origin}${MCP_PATH}`, headers: { Authorization: 'Bearer cl_pat_…' } },
    },
  };
  return [
    '## MCP server',
    '',
    `An assistant (Claude, ChatGPT, Cursor, VS Code, any client of the Model Context Protocol) can manage a card through \`POST ${MCP_PATH}\`.`,
    '',
    ...MCP_DESCRIPTION.split('\n\n').flatMap((paragraph) => [paragraph, '']),
    '### Connecting an assistant',
    '',
    '1. In Settings, API tokens, make a token with the scopes of the tools it should use (below), and, if it should touch only some cards, those cards. Copy its secret (`cl_pat_…`): it is shown once.',
    `2. Give the assistant the server's address, \`https://<your Cardlink host>${MCP_PATH}\`, and the header \`Authorization: Bearer cl_pat_…\`. A client that reads an \`mcpServers\` file (Claude Desktop, Cursor, VS Code) takes:`,
    '',
    '```json',
    JSON.stringify(config, null, 2),
    '```',
    '',
    'A client that speaks only standard input and output can reach it through a bridge such as `mcp-remote`:',
    '',
    '```json',
    JSON.stringify(
      {
        mcpServers: {
          cardlink: {
            command: 'npx',
            args: ['mcp-remote', `${origin}${MCP_PATH}`, '--header', 'Authorization:Bearer ${CARDLINK_TOKEN}'],
            env: { CARDLINK_TOKEN: 'cl_pat_…' },
          },
        },
      },
      null,
      2,
    ),
    '```',
    '',
    '3. Ask it, for instance, "add my new portfolio link to my card and put it first". To cut it off, revoke the token in Settings.',
    '',
    '### Tools',
    '',
    '| Tool | Scope | What it does | Arguments |',
    '| --- | --- | --- | --- |',
    ...mcpTools().map(
      (tool) =>
        `| \`${tool.name}\` | \`${tool.scope}\` | ${cell(tool.description)} | ${cell(argumentsText(tool.inputSchema))} |`,
    ),
    '',
    "Each argument follows the rules of the same field of the API route the tool stands for (the Links, Profile, Statistics and Contacts sections above give them); `card_id` is a card's id from `list_cards`. The full input schemas are in openapi.json under the `/mcp` path's `x-mcp-tools`.",
  ].join('\n');
}
