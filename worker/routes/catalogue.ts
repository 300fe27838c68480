import { Hono } from 'hono';
import type { Answer } from '@shared/schemas/responses';
import type { templatesResponse, themesResponse } from '@shared/schemas/themes';
import type { AppEnv } from '../env';
import { requireAuth } from '../middleware/auth';
import { listTemplates, listThemes, serializeTemplate, serializeTheme } from '../services/catalogue';

// `all=true` (docs/product.md §9) is accepted and changes nothing: the catalogue is never paged.
export const themes = new Hono<AppEnv>().use(requireAuth).get('/', async (c) => {
  const rows = await listThemes(c.var.db);
  return c.json({
    success: true,
    data: rows.map(serializeTheme),
    message: 'Themes retrieved successfully',
  } satisfies Answer<typeof themesResponse>);
});

export const templates = new Hono<AppEnv>().use(requireAuth).get('/', async (c) => {
  const rows = await listTemplates(c.var.db);
  return c.json({
    success: true,
    data: rows.map(serializeTemplate),
    message: 'Templates retrieved successfully',
  } satisfies Answer<typeof templatesResponse>);
});
