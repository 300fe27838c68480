// The MCP server behind /mcp (docs/decisions/0099-mcp-server.md), loaded on the first request
// that reaches it so that its weight stays off every other request's start. Only the SDK's server
// pieces: the low-level Server and the web-standard Streamable HTTP transport.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { MCP_TOOLS, type McpTool, toolInputSchema } from '@shared/contract/mcp';
import { AppError } from '../../lib/errors';
import { BUILD } from '../../lib/build-info';
import { logError } from '../../lib/log';
import { isUnavailable, UNAVAILABLE_MESSAGE } from '../../lib/unavailable';
import { toFieldErrors } from '../../lib/validate';
import { missingScope } from '../../middleware/api-token';
import { TOOL_HANDLERS, type ToolContext } from './tools';

/** Larger than any tool's arguments (a profile's fields, a hundred link ids), far below a Worker's memory. */
export const MCP_BODY_MAX = 64 * 1024;

const INSTRUCTIONS =
  'Manages Cardlink digital business cards: their profile fields, links, statistics and the contacts visitors shared. ' +
  'Tools act on the primary card unless given a card_id from list_cards. A tool the token has no scope for answers an error naming the scope.';

const ANY_TOOL_CALL = z.looseObject({ method: z.literal('tools/call') });

const GENERIC_ERROR = 'Something went wrong. Please try again.';

const describe = (tool: McpTool): Tool => ({
  name: tool.name,
  title: tool.title,
  description: `${tool.description} Needs the scope ${tool.scope}.`,
  inputSchema: toolInputSchema(tool) as Tool['inputSchema'],
  annotations: { title: tool.title, readOnlyHint: tool.readOnly, openWorldHint: false },
});

const refusal = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

/** An error the API would answer with a 4xx, as a tool's answer: its message and each field's. */
function refusalOf(error: AppError) {
  const fields = Object.entries(error.errors ?? {}).filter(([, said]) => !said.includes(error.message));
  const lines = fields.map(([field, said]) => `${field === '_' ? '' : `${field}: `}${said.join(' ')}`);
  return refusal([error.message, ...lines].join('\n'));
}

async function callTool(name: string, args: unknown, context: ToolContext, requestId: string) {
  const tool = MCP_TOOLS.find((known) => known.name === name);
  // An unknown tool is a protocol error, not a tool's failure (MCP specification, Tools: errors).
  if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
  if (!context.grant.scopes.includes(tool.scope)) return refusal(missingScope(tool.scope));
  const parsed = await tool.input.safeParseAsync(args ?? {});
  if (!parsed.success) {
    const fields = toFieldErrors(parsed.error);
    return refusalOf(new AppError(422, 'The arguments are not valid.', fields));
  }
  try {
    const handler = TOOL_HANDLERS[tool.name] as (input: unknown, context: ToolContext) => Promise<unknown>;
    const answer = await handler(parsed.data, context);
    return { content: [{ type: 'text', text: JSON.stringify(answer, null, 1) }] } satisfies CallToolResult;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return refusalOf(error);
    logError(requestId, error, { tool: tool.name });
    return refusal(isUnavailable(error) ? UNAVAILABLE_MESSAGE : GENERIC_ERROR);
  }
}

/**
 * One JSON-RPC request (or batch) of a token already admitted, answered statelessly: a server
 * and a transport per request, no session, JSON answers rather than an event stream (nothing
 * here runs long enough to stream progress).
 */
export async function answerMcp(request: Request, context: ToolContext, requestId: string): Promise<Response> {
  const server = new Server(
    { name: 'cardlink', title: 'Cardlink', version: BUILD.version },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: MCP_TOOLS.map(describe) }));
  // Registered under a schema that checks only the method: the SDK's Server then checks the
  // request itself and answers a malformed one with Invalid params, where parsing it first with
  // CallToolRequestSchema would throw outside that check and answer Internal error.
  server.setRequestHandler(ANY_TOOL_CALL, (call) => {
    const { params } = CallToolRequestSchema.parse(call);
    return callTool(params.name, params.arguments, context, requestId);
  });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MCP_BODY_MAX,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
