import { Hono } from 'hono';
import type { AppEnv } from '../env';

/**
 * GET /v1/openapi.json: the API reference as committed (docs/openapi.json, written by `npm run
 * openapi`). Imported on first use, so its weight stays off every other request's start, the
 * card's above all.
 */
export const openapi = new Hono<AppEnv>().get('/', async (c) => {
  const { default: document } = await import('../../docs/openapi.json');
  c.header('Cache-Control', 'public, max-age=300');
  return c.json(document);
});
