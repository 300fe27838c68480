import type { Context } from 'hono';
import type { Answer } from '@shared/schemas/responses';
import type { orgTemplateResponse, orgTemplateSavedResponse } from '@shared/schemas/org-template';
import { ORG_NOT_FOUND } from '@shared/schemas/orgs-bodies';
import type { AppEnv } from '../env';
import { fieldError, notFound } from '../lib/errors';
import { tFor } from '../lib/i18n';
import { getTemplate as readTemplateOf, setTemplate } from '../services/orgs/template';
import { parts, templateBodies } from '../services/orgs/parts';
import { readBody } from './orgs-body';

// GET and PUT /v1/orgs/{id}/template (docs/decisions/0105-org-templates.md), loaded on first use
// like the organisations' other handlers (routes/orgs.ts).

type C = Context<AppEnv>;

const orgIdOf = (c: C) => {
  const value = c.req.param('orgId') ?? '';
  if (value.length === 0 || value.length > 64) throw notFound(ORG_NOT_FOUND);
  return value;
};

export const getTemplate = async (c: C) =>
  c.json({ success: true, data: await readTemplateOf(c.var.db, orgIdOf(c), c.var.userId) } satisfies Answer<
    typeof orgTemplateResponse
  >);

export const putTemplate = async (c: C) => {
  const orgId = orgIdOf(c);
  const body = await readBody(c, templateBodies().orgTemplateBody);
  // The virtual background is held to the rule of a card's own (docs/product.md §3): an https
  // address, or one of this site's own images.
  const { isAllowedBackgroundUrl, siteHosts, BACKGROUND_IMAGE_MESSAGE } = parts();
  const image = (body.custom_theme as { background_image?: string | null } | null)?.background_image;
  if (image && !isAllowedBackgroundUrl(image, siteHosts(c.env, c.req.url)))
    throw fieldError('custom_theme.background_image', BACKGROUND_IMAGE_MESSAGE);
  const data = await setTemplate(c.var.db, orgId, c.var.userId, body);
  return c.json({
    success: true,
    data,
    // The catalogue's English, whose plural says '1 work card follows it'; the language middleware
    // answers it in the caller's language.
    message: tFor('en')('api.org_template_saved', { cards: data.cards }),
  } satisfies Answer<typeof orgTemplateSavedResponse>);
};
