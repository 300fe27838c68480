import { z } from 'zod';
import type { McpTool } from './mcp';

/**
 * A tool's arguments as JSON Schema, as tools/list shows them and the OpenAPI document names them:
 * what the schema accepts (its input side), so a field the API coerces (`"1"` for true) is offered
 * as the API takes it. Apart from the tool list, so that only the MCP server's own chunk carries
 * zod's converter, never a Worker's start.
 */
export const toolInputSchema = (tool: McpTool) => {
  const { $schema: _draft, ...schema } = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' });
  return schema;
};
