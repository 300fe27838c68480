import { Hono, type Context } from 'hono';
import type { healthResponse, versionResponse } from '@shared/schemas/health';
import type { Answer, errorResponse } from '@shared/schemas/responses';
import type { AppEnv } from '../env';
import { BUILD } from '../lib/build-info';
import { logError } from '../lib/log';
import { checkHealth, schemaLevels } from '../services/health';

/**
 * GET /v1/health (and /health, /healthz, where uptime monitors look first): 200 when every part
 * answers its probe, else 503 naming the parts that failed (docs/decisions/0090). Never stored
 * by a cache: a monitor must see now, and a stored 200 during an outage is the very false 'up'
 * this replaces. Not traffic: its successful answers are neither logged nor counted.
 */
async function health(c: Context<AppEnv>) {
  c.set('uncounted', true);
  c.header('Cache-Control', 'no-store');
  const { parts, failures } = await checkHealth(c.env);
  if (failures.length === 0) {
    const ok = Object.fromEntries(Object.keys(parts).map((part) => [part, 'ok' as const]));
    return c.json({ success: true, data: { status: 'ok', parts: ok } } satisfies Answer<typeof healthResponse>);
  }
  // Why each part failed goes to the log only: a public answer names the part and nothing inside it.
  for (const { part, error } of failures) logError(c.var.requestId, error, { msg: 'health probe failed', part });
  const failing = failures.map((failure) => failure.part);
  const body = {
    success: false,
    message: `Failing: ${failing.join(', ')}.`,
    errors: Object.fromEntries(failing.map((part) => [part, [`${part} did not answer its probe.`]])),
  } satisfies Answer<typeof errorResponse>;
  return c.json(body, 503);
}

export const healthCheck = new Hono<AppEnv>().get('/', health);

/** GET /v1/version: what is deployed, and how far each database's migrations went. */
export const version = new Hono<AppEnv>().get('/', async (c) => {
  c.header('Cache-Control', 'no-store');
  const schema = await schemaLevels(c.env);
  return c.json({
    success: true,
    data: { version: BUILD.version, commit: BUILD.commit, built_at: BUILD.builtAt, schema },
  } satisfies Answer<typeof versionResponse>);
});
