import { Hono } from 'hono';
import type { Answer } from '@shared/schemas/responses';
import type { templatesResponse, themesResponse } from '@shared/schemas/themes';
import { pickLanguage } from '@shared/i18n/languages';
import type { AppEnv } from '../env';
import { loadLanguage, translateMessage } from '../lib/i18n';
import { requireAuth } from '../middleware/auth';
import { withCard } from '../middleware/card';
import { listTemplates, listThemes, serializeTemplate, serializeTheme } from '../services/catalogue';

// `all=true` (docs/product.md §9) is accepted and changes nothing: the catalogue is never paged.
export const themes = new Hono<AppEnv>().use(requireAuth, withCard).get('/', async (c) => {
  const rows = await listThemes(c.var.db);
  return c.json({
    success: true,
    data: rows.map(serializeTheme),
    message: 'Themes retrieved successfully',
  } satisfies Answer<typeof themesResponse>);
});

export const templates = new Hono<AppEnv>().use(requireAuth, withCard).get('/', async (c) => {
  const rows = await listTemplates(c.var.db);
  // The seeded descriptions are sentences, in the caller's language like the API's messages (the
  // api catalogue has them word for word); one an operator rewrote matches none and stays as is.
  const language = pickLanguage(c.req.header('Accept-Language'));
  await loadLanguage(language);
  return c.json({
    success: true,
    data: rows.map(serializeTemplate).map((template) => ({
      ...template,
      description: translateMessage(language, template.description),
    })),
    message: 'Templates retrieved successfully',
  } satisfies Answer<typeof templatesResponse>);
});
