import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { AppError, unauthorized } from '../../lib/errors';
import type { WorkerParts } from '../mcp';
import { callTool } from './call';
import { answerMcp } from './server';

export const MCP_NO_TOKEN =
  'Send a personal access token (cl_pat_…) as Authorization: Bearer. Make one in Settings, API tokens.';
export const MCP_TOKEN_ONLY =
  'Only personal access tokens (cl_pat_…) are accepted here, never a session: make one in Settings, API tokens.';
const STATELESS = 'This MCP server is stateless: send each JSON-RPC message with POST.';

/** A JSON-RPC error answer with no request id, as the MCP transport answers what it refuses. */
const rpcError = (c: Context<AppEnv>, status: 401 | 403 | 405 | 429, message: string) =>
  c.json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }, status);

/**
 * The credential of /mcp: a personal access token in the Authorization header and nothing else.
 * The dashboard's session (its cookie or its 15-minute bearer) is refused, so an assistant holds
 * only what its token's scopes and cards allow, and a page of another site can never ride on a
 * signed-in browser. 401s say how to authenticate (RFC 6750 §3).
 */
function tokenOf(c: Context<AppEnv>, parts: WorkerParts) {
  const header = c.req.header('Authorization');
  const token = header === undefined ? null : parts.bearerToken(header);
  if (!token) throw unauthorized(MCP_NO_TOKEN);
  if (!parts.isTokenSecret(token)) throw unauthorized(MCP_TOKEN_ONLY);
  return token;
}

/** A header value is ASCII (RFC 9110 §5.5), and a quoted string holds no bare quote. */
const asciiQuoted = (text: string) =>
  text
    .replace(/…/g, '...')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, "'");

function refused(c: Context<AppEnv>, error: AppError) {
  if (error.status === 401) {
    const described = c.req.header('Authorization') !== undefined;
    c.header(
      'WWW-Authenticate',
      described
        ? `Bearer realm="cardlink", error="invalid_token", error_description="${asciiQuoted(error.message)}"`
        : 'Bearer realm="cardlink"',
    );
  }
  if (error.status === 429 && error.retryAfter !== undefined)
    c.header('Retry-After', String(Math.ceil(error.retryAfter)));
  return rpcError(c, error.status as 401 | 403 | 429, error.message);
}

/**
 * /mcp: the Model Context Protocol over Streamable HTTP (docs/decisions/0099-mcp-server.md). The
 * token is admitted and counted as for the /v1 API (the same bounds and RateLimit fields); each
 * tool then checks its own scope and card. No session, so no stream to open (GET) and none to end
 * (DELETE): those answer the specification's 405, as every method but POST does.
 */
export async function answerEndpoint(c: Context<AppEnv>, parts: WorkerParts) {
  if (c.req.method !== 'POST') {
    c.header('Allow', 'POST');
    return rpcError(c, 405, STATELESS);
  }
  try {
    const grant = await parts.admitToken(c, tokenOf(c, parts));
    const context = {
      db: c.var.db,
      env: c.env,
      grant,
      origin: new URL(c.req.url).origin,
      hosts: parts.siteHosts(c.env, c.req.url),
      parts,
    };
    return await answerMcp(c.req.raw, {
      version: parts.version,
      tools: parts.tools,
      call: (name, args) => callTool(name, args, context, c.var.requestId),
    });
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return refused(c, error);
    throw error;
  }
}
