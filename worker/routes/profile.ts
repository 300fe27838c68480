import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '@shared/constants';
import { cropBody, type imageSourceResponse } from '@shared/schemas/media';
import { profileUpdateBody } from '@shared/schemas/profile';
import type { Answer } from '@shared/schemas/responses';
import { templateBody, type templateChoiceResponse, themeBody, type themeChoiceResponse } from '@shared/schemas/themes';
import { signatureLayoutBody } from '@shared/schemas/signature-layout';
import type { userResponse } from '@shared/schemas/user';
import type { AppEnv } from '../env';
import { siteHosts } from '../lib/config';
import { validate } from '../lib/validate';
import { requireAuth } from '../middleware/auth';
import { withCard } from '../middleware/card';
import { limitBody } from '../middleware/body-limit';
import { checkImage, IMAGE_RULES, type ImageKind } from '../services/media';
import { replaceImage } from '../services/media-write';
import { imageSource, recutImage } from '../services/media-crop';
import { updateProfile, updateSignatureLayout, updateTemplate, updateTheme } from '../services/profile';
import { emitWebhookEvent } from '../services/webhooks/emit';
import { getUserView } from '../services/users';
import { checkWorkCardChange } from '../services/work-card-rules';

// An image of at most 5 MB plus the multipart envelope and the text fields; larger bodies are
// refused before they are read.
const MULTIPART_MAX = IMAGE_MAX_BYTES + 1024 * 1024;
const JSON_MAX = 16 * 1024;

/** The answer of every profile change: the signed-in user as GET /v1/user/profile shows it. */
const withUser = async (c: Context<AppEnv>, message: string) =>
  c.json({
    success: true,
    data: await getUserView(c.var.db, new URL(c.req.url).origin, c.var.userId, c.env, c.var.cardId),
    message,
  } satisfies Answer<typeof userResponse>);
const imageForm = (kind: ImageKind) => z.object({ [IMAGE_RULES[kind].field]: z.unknown().optional() });
/** The owner's own image, whole: never cached anywhere but in the dialog that asked for it. */
const sourceOf = async (c: Context<AppEnv>, kind: ImageKind) => {
  c.header('Cache-Control', 'private, no-store');
  return c.json({ success: true, data: await imageSource(c.var.db, c.env, c.var.cardId, kind) } satisfies Answer<
    typeof imageSourceResponse
  >);
};
/** A work card's template may lock, hide or require the photo or cover (services/work-card-rules.ts). */
const IMAGE_FIELD = { avatar: 'photo', cover: 'cover' } as const;
const mayChange = (c: Context<AppEnv>, kind: 'avatar' | 'cover' | 'background', removed = false) =>
  kind === 'avatar' || kind === 'cover'
    ? checkWorkCardChange(c.var.db, c.var.cardId, { image: { field: IMAGE_FIELD[kind], removed } })
    : checkWorkCardChange(c.var.db, c.var.cardId, { look: true });

/** A browser form with no file chosen sends an empty part: that means "no new avatar". */
const isEmptyUpload = (value: unknown) =>
  value === undefined || value === '' || (value instanceof File && value.size === 0);

export const profile = new Hono<AppEnv>()
  .use(requireAuth, withCard)
  .get('/', (c) => withUser(c, 'Profile retrieved successfully'))
  .post(
    '/update',
    limitBody(MULTIPART_MAX, IMAGE_RULES.avatar.tooLarge),
    validate('form', profileUpdateBody.extend({ avatar: z.unknown().optional() })),
    async (c) => {
      const { avatar, ...body } = c.req.valid('form');
      const image = isEmptyUpload(avatar) ? null : await checkImage('avatar', avatar);
      await updateProfile(c.var.db, c.env, c.var.cardId, body, image);
      const fields = [
        ...Object.keys(body).filter((key) => body[key as keyof typeof body] !== undefined),
        ...(image ? ['avatar'] : []),
      ];
      await emitWebhookEvent(c.env, c.var.db, {
        userId: c.var.userId,
        cardId: c.var.cardId,
        type: 'card.updated',
        data: { fields },
      });
      return withUser(c, 'Profile updated successfully');
    },
  )
  .post(
    '/avatar',
    limitBody(MULTIPART_MAX, IMAGE_RULES.avatar.tooLarge),
    validate('form', imageForm('avatar')),
    async (c) => {
      await mayChange(c, 'avatar');
      const image = await checkImage('avatar', c.req.valid('form').avatar);
      await replaceImage(c.var.db, c.env, c.var.cardId, 'avatar', image);
      return withUser(c, 'Profile photo updated successfully');
    },
  )
  .delete('/avatar', async (c) => {
    await mayChange(c, 'avatar', true);
    await replaceImage(c.var.db, c.env, c.var.cardId, 'avatar', null);
    return withUser(c, 'Profile photo removed successfully');
  })
  .post(
    '/cover-image',
    limitBody(MULTIPART_MAX, IMAGE_RULES.cover.tooLarge),
    validate('form', imageForm('cover')),
    async (c) => {
      await mayChange(c, 'cover');
      const image = await checkImage('cover', c.req.valid('form').cover_image);
      await replaceImage(c.var.db, c.env, c.var.cardId, 'cover', image);
      return withUser(c, 'Cover image uploaded successfully');
    },
  )
  .delete('/cover-image', async (c) => {
    await mayChange(c, 'cover', true);
    await replaceImage(c.var.db, c.env, c.var.cardId, 'cover', null);
    return withUser(c, 'Cover image removed successfully');
  })
  // The custom theme's background (docs/product.md §2, Themes): the same pipeline, no crop (the page covers with it).
  .post(
    '/background-image',
    limitBody(MULTIPART_MAX, IMAGE_RULES.background.tooLarge),
    validate('form', imageForm('background')),
    async (c) => {
      await mayChange(c, 'background');
      const image = await checkImage('background', c.req.valid('form').background_image);
      await replaceImage(c.var.db, c.env, c.var.cardId, 'background', image);
      return withUser(c, 'Background image uploaded successfully');
    },
  )
  .delete('/background-image', async (c) => {
    await mayChange(c, 'background', true);
    await replaceImage(c.var.db, c.env, c.var.cardId, 'background', null);
    return withUser(c, 'Background image removed successfully');
  })
  // The company logo (docs/product.md §5, Profile): fitted whole, never cropped, so no crop routes.
  .post(
    '/logo',
    limitBody(MULTIPART_MAX, IMAGE_RULES.logo.tooLarge),
    validate('form', imageForm('logo')),
    async (c) => {
      await checkWorkCardChange(c.var.db, c.var.cardId, { logo: true });
      const image = await checkImage('logo', c.req.valid('form').logo);
      await replaceImage(c.var.db, c.env, c.var.cardId, 'logo', image);
      return withUser(c, 'Logo uploaded successfully');
    },
  )
  .delete('/logo', async (c) => {
    await checkWorkCardChange(c.var.db, c.var.cardId, { logo: true });
    await replaceImage(c.var.db, c.env, c.var.cardId, 'logo', null);
    return withUser(c, 'Logo removed successfully');
  })
  // The crop dialog ('Adjust'): the whole image to choose from, then the chosen box.
  .get('/avatar/source', async (c) => sourceOf(c, 'avatar'))
  .get('/cover-image/source', async (c) => sourceOf(c, 'cover'))
  .post('/avatar/crop', limitBody(JSON_MAX), validate('json', cropBody), async (c) => {
    await mayChange(c, 'avatar');
    await recutImage(c.var.db, c.env, c.var.cardId, 'avatar', c.req.valid('json'));
    return withUser(c, 'Profile photo updated successfully');
  })
  .post('/cover-image/crop', limitBody(JSON_MAX), validate('json', cropBody), async (c) => {
    await mayChange(c, 'cover');
    await recutImage(c.var.db, c.env, c.var.cardId, 'cover', c.req.valid('json'));
    return withUser(c, 'Cover image updated successfully');
  })
  .put('/theme', limitBody(JSON_MAX), validate('json', themeBody), async (c) => {
    const body = c.req.valid('json');
    const site = { origin: new URL(c.req.url).origin, hosts: siteHosts(c.env, c.req.url) };
    const data = await updateTheme(c.var.db, c.env, site, c.var.cardId, body);
    const message = body.custom_theme ? 'Custom theme updated successfully' : 'Theme updated successfully';
    return c.json({ success: true, data, message } satisfies Answer<typeof themeChoiceResponse>);
  })
  .put('/template', limitBody(JSON_MAX), validate('json', templateBody), async (c) => {
    const data = await updateTemplate(c.var.db, c.var.cardId, c.req.valid('json'));
    return c.json({ success: true, data, message: 'Template updated successfully' } satisfies Answer<
      typeof templateChoiceResponse
    >);
  })
  .put('/signature-layout', limitBody(JSON_MAX), validate('json', signatureLayoutBody), async (c) => {
    await updateSignatureLayout(c.var.db, c.var.cardId, c.req.valid('json').signature_layout);
    return withUser(c, 'Signature layout saved');
  });
