import { Hono } from 'hono';
import type { publicConfigResponse } from '@shared/schemas/config';
import type { Answer } from '@shared/schemas/responses';
import type { AppEnv, Bindings } from '../env';
import type { PublicConfig } from '@shared/types';

/** A configured value, or null for an empty or unset one. */
const setting = (value: string | undefined) => value?.trim() || null;

export const publicConfigOf = (env: Bindings): PublicConfig => ({
  support: { email: setting(env.SUPPORT_EMAIL), whatsapp: setting(env.SUPPORT_WHATSAPP) },
});

/**
 * GET /v1/config: the run-time settings the app shows to anyone (an operator changes a var and
 * every visitor sees it within minutes, without a rebuild). Nothing secret belongs here.
 */
export const publicConfig = new Hono<AppEnv>().get('/', (c) => {
  c.header('Cache-Control', 'public, max-age=300');
  return c.json({ success: true, data: publicConfigOf(c.env) } satisfies Answer<typeof publicConfigResponse>);
});
