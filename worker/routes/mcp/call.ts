import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../../lib/errors';
import { TOOL_HANDLERS, type ToolContext } from './tools';

const GENERIC_ERROR = 'Something went wrong. Please try again.';

const refusal = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

/** An error the API would answer with a 4xx, as a tool's answer: its message, then each field's. */
function refusalOf(error: AppError) {
  const fields = Object.entries(error.errors ?? {}).filter(([, said]) => !said.includes(error.message));
  const lines = fields.map(([field, said]) => `${field === '_' ? '' : `${field}: `}${said.join(' ')}`);
  return refusal([error.message, ...lines].join('\n'));
}

/**
 * One tools/call: the tool's scope, then its arguments parsed with its schema (the API route's),
 * then the tool; what the API would refuse with a 4xx is the tool's error with the same message.
 * Null for a tool that does not exist, which the protocol answers as an error of its own.
 */
export async function callTool(
  name: string,
  args: unknown,
  context: ToolContext,
  requestId: string,
): Promise<CallToolResult | null> {
  const { parts } = context;
  const tool = parts.tools.find((known) => known.name === name);
  if (!tool) return null;
  if (!context.grant.scopes.includes(tool.scope)) return refusal(parts.missingScope(tool.scope));
  const parsed = await tool.input.safeParseAsync(args ?? {});
  if (!parsed.success)
    return refusalOf(new AppError(422, 'The arguments are not valid.', parts.toFieldErrors(parsed.error)));
  try {
    const handler = TOOL_HANDLERS[tool.name] as (input: unknown, context: ToolContext) => Promise<unknown>;
    const answer = await handler(parsed.data, context);
    return { content: [{ type: 'text', text: JSON.stringify(answer, null, 1) }] };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return refusalOf(error);
    parts.logError(requestId, error, { tool: tool.name });
    return refusal(parts.isUnavailable(error) ? parts.UNAVAILABLE_MESSAGE : GENERIC_ERROR);
  }
}
