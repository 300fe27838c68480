import type { Context } from 'hono';
import type { Answer } from '@shared/schemas/responses';
import type {
  orgTemplateBackgroundResponse,
  orgTemplateResponse,
  orgTemplateSavedResponse,
} from '@shared/schemas/org-template';
import { ORG_NOT_FOUND } from '@shared/schemas/orgs-bodies';
import type { AppEnv } from '../env';
import { fieldError, notFound } from '../lib/errors';
import { orgOfMemberOrThrow } from '../services/orgs/access';
import { tFor } from '../lib/i18n';
import { getTemplate as readTemplateOf, setTemplate } from '../services/orgs/template';
import { setOrgLogo } from '../services/orgs/template-logo';
import { checkOrgBackground, dropUnnamedBackgrounds, storeOrgBackground } from '../services/orgs/template-background';
import { parts, templateBodies } from '../services/orgs/parts';
import { readBody } from './orgs-body';

// GET and PUT /v1/orgs/{id}/template, its logo's POST and DELETE and its background's POST
// (docs/decisions/0105-org-templates.md), loaded on first use like the organisations' other
// handlers (routes/orgs.ts).

type C = Context<AppEnv>;
const originOf = (c: C) => new URL(c.req.url).origin;

const orgIdOf = (c: C) => {
  const value = c.req.param('orgId') ?? '';
  if (value.length === 0 || value.length > 64) throw notFound(ORG_NOT_FOUND);
  return value;
};

export const getTemplate = async (c: C) =>
  c.json({
    success: true,
    data: await readTemplateOf(c.var.db, originOf(c), orgIdOf(c), c.var.userId),
  } satisfies Answer<typeof orgTemplateResponse>);

export const putTemplate = async (c: C) => {
  const orgId = orgIdOf(c);
  const body = await readBody(c, templateBodies().orgTemplateBody);
  // The virtual background is held to the rule of a card's own (docs/product.md §3): an https
  // address, or one of this site's own images.
  const { isAllowedBackgroundUrl, siteHosts, BACKGROUND_IMAGE_MESSAGE } = parts();
  const hosts = siteHosts(c.env, c.req.url);
  const image = (body.custom_theme as { background_image?: string | null } | null)?.background_image;
  if (image && !isAllowedBackgroundUrl(image, hosts))
    throw fieldError('custom_theme.background_image', BACKGROUND_IMAGE_MESSAGE);
  // Of this site's images, only the organisation's own that are still stored; an outsider or a
  // member is refused before the bucket is looked at.
  await orgOfMemberOrThrow(c.var.db, orgId, c.var.userId, 'admin');
  await checkOrgBackground(c.var.db, c.env.MEDIA, orgId, image, hosts);
  const data = await setTemplate(c.var.db, originOf(c), orgId, c.var.userId, body);
  // Once the save stands: the backgrounds it no longer names go. A failure here leaves them for
  // the next save, which lists the folder again; the save itself succeeded.
  await dropUnnamedBackgrounds(c.var.db, c.env.MEDIA, orgId).catch((error: unknown) =>
    console.error(
      JSON.stringify({ level: 'error', job: 'org_template_backgrounds', org: orgId, message: String(error) }),
    ),
  );
  return c.json({
    success: true,
    data,
    // The catalogue's English, whose plural says '1 work card follows it'; the language middleware
    // answers it in the caller's language.
    message: tFor('en')('api.org_template_saved', { cards: data.cards }),
  } satisfies Answer<typeof orgTemplateSavedResponse>);
};

/** The organisation's company logo, as a card's own logo upload takes it (a multipart `logo` field). */
export const postLogo = async (c: C) => {
  const orgId = orgIdOf(c);
  // A member or an outsider is refused before the file is looked at, as every other write of theirs.
  await orgOfMemberOrThrow(c.var.db, orgId, c.var.userId, 'admin');
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const image = await parts().checkImage('logo', form.logo);
  const data = await setOrgLogo(c.var.db, c.env, originOf(c), orgId, c.var.userId, image);
  return c.json({ success: true, data, message: 'Logo uploaded successfully' } satisfies Answer<
    typeof orgTemplateSavedResponse
  >);
};

export const deleteLogo = async (c: C) => {
  const data = await setOrgLogo(c.var.db, c.env, originOf(c), orgIdOf(c), c.var.userId, null);
  return c.json({ success: true, data, message: 'Logo removed successfully' } satisfies Answer<
    typeof orgTemplateSavedResponse
  >);
};

/**
 * POST /v1/orgs/{id}/template/background-image: the template's virtual background, made by the
 * card's image pipeline into the organisation's own folder (services/orgs/template-background.ts)
 * and answered by its address, which the template's `custom_theme.background_image` then names.
 * Nothing is saved until the template is; an upload no save names goes at the next save.
 */
export const postTemplateBackground = async (c: C) => {
  const orgId = orgIdOf(c);
  // A member or an outsider is refused before the file is looked at, as every other write of theirs.
  await orgOfMemberOrThrow(c.var.db, orgId, c.var.userId, 'admin');
  const form = await c.req.parseBody();
  const image = await parts().checkImage('background', form.background_image);
  const url = await storeOrgBackground(c.var.db, c.env, originOf(c), orgId, c.var.userId, image);
  return c.json({
    success: true,
    data: { background_image: url },
    message: 'Background image uploaded; save the template to use it',
  } satisfies Answer<typeof orgTemplateBackgroundResponse>);
};
