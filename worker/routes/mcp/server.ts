// The MCP server behind /mcp (docs/decisions/0099-mcp-server.md), loaded on the first request
// that reaches it so that the SDK's weight stays off every other request's start. Only the SDK's
// server pieces: the low-level Server and the web-standard Streamable HTTP transport. The tools
// and their calls come in from routes/mcp/call.ts, which the Worker holds already, so this chunk
// shares nothing with the rest but zod.
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
import type { McpTool } from '@shared/contract/mcp';
import { toolInputSchema } from '@shared/contract/mcp-schema';

/** Larger than any tool's arguments (a profile's fields, a hundred link ids), far below a Worker's memory. */
export const MCP_BODY_MAX = 64 * 1024;

const INSTRUCTIONS =
  'Manages Cardlink digital business cards: their profile fields, links, statistics and the contacts visitors shared. ' +
  'Tools act on the primary card unless given a card_id from list_cards. A tool the token has no scope for answers an error naming the scope.';

// Registered under a schema that checks only the method: the SDK's Server then checks the request
// itself and answers a malformed one with Invalid params, where parsing it first with
// CallToolRequestSchema would throw outside that check and answer Internal error.
const ANY_TOOL_CALL = z.looseObject({ method: z.literal('tools/call') });

const describe = (tool: McpTool): Tool => ({
  name: tool.name,
  title: tool.title,
  description: `${tool.description} Needs the scope ${tool.scope}.`,
  inputSchema: toolInputSchema(tool) as Tool['inputSchema'],
  annotations: { title: tool.title, readOnlyHint: tool.readOnly, openWorldHint: false },
});

export type McpServing = {
  version: string;
  tools: readonly McpTool[];
  /** A tools/call's answer, or null for a tool that does not exist. */
  call: (name: string, args: unknown) => Promise<CallToolResult | null>;
};

/**
 * One JSON-RPC request (or batch) of a token already admitted, answered statelessly: a server
 * and a transport per request, no session, JSON answers rather than an event stream (nothing
 * here runs long enough to stream progress).
 */
export async function answerMcp(request: Request, serving: McpServing): Promise<Response> {
  const server = new Server(
    { name: 'cardlink', title: 'Cardlink', version: serving.version },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: serving.tools.map(describe) }));
  server.setRequestHandler(ANY_TOOL_CALL, async (call) => {
    const { params } = CallToolRequestSchema.parse(call);
    const answer = await serving.call(params.name, params.arguments);
    // An unknown tool is a protocol error, not a tool's failure (MCP specification, Tools: errors).
    if (!answer) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
    return answer;
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
