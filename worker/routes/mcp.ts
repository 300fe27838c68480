import { Hono } from 'hono';
import { CARD_NOT_FOUND, MCP_TOOLS } from '@shared/contract/mcp';
import type { AppEnv } from '../env';
import { bearerToken } from '../lib/bearer';
import { BUILD } from '../lib/build-info';
import { siteHosts } from '../lib/config';
import { logError } from '../lib/log';
import { isUnavailable, UNAVAILABLE_MESSAGE } from '../lib/unavailable';
import { toFieldErrors } from '../lib/validate';
import { admitToken, missingScope } from '../middleware/api-token';
import { isTokenSecret } from '../services/api-tokens';
import { cardOfAccountOrThrow, listCards, primaryCardId, serializeCard } from '../services/cards';
import { listContacts } from '../services/contacts/owner';
import { cardCounts, withClicks } from '../services/events/counts';
import { getStats } from '../services/events/stats';
import { refuseUnsafeLink } from '../services/link-checks';
import { createLink, listLinks, reorderLinks, serializeLink, updateLink } from '../services/links';
import { emitWebhookEvent } from '../services/webhooks/emit';
import { updateProfile } from '../services/profile';
import { getUserView } from '../services/users';

/**
 * What the MCP server needs of the rest of the Worker, handed to it rather than imported by it:
 * the server loads on first use (routes/mcp/), and a module it imported from the Worker's start
 * would be split out of the entry into a chunk of its own, which alone makes the start heavier
 * (docs/decisions/0099-mcp-server.md). The tools' list is here for the same reason: their
 * schemas are built from the /v1 routes' own. The same functions the /v1 routes call, nothing else.
 */
const WORKER_PARTS = {
  version: BUILD.version,
  tools: MCP_TOOLS,
  CARD_NOT_FOUND,
  bearerToken,
  isTokenSecret,
  admitToken,
  missingScope,
  siteHosts,
  toFieldErrors,
  logError,
  isUnavailable,
  UNAVAILABLE_MESSAGE,
  listCards,
  primaryCardId,
  cardOfAccountOrThrow,
  serializeCard,
  getUserView,
  updateProfile,
  listLinks,
  withClicks,
  refuseUnsafeLink,
  createLink,
  updateLink,
  reorderLinks,
  cardCounts,
  getStats,
  listContacts,
  // The account's webhooks hear of an assistant's changes as of the dashboard's.
  serializeLink,
  emitWebhookEvent,
};
export type WorkerParts = typeof WORKER_PARTS;

/** /mcp: the Model Context Protocol server for assistants, personal access tokens only (routes/mcp/endpoint.ts). */
export const mcpEndpoint = new Hono<AppEnv>().all('/', async (c) => {
  const { answerEndpoint } = await import('./mcp/endpoint');
  return answerEndpoint(c, WORKER_PARTS);
});
