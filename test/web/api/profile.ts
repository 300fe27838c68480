import { http } from 'msw';
import { imageSourceResponse } from '@shared/schemas/media';
import { templateChoiceResponse, themeChoiceResponse } from '@shared/schemas/themes';
import { userResponse } from '@shared/schemas/user';
import type { CustomTheme, User } from '@shared/types';
import { aTemplate, aUser, CROP_SOURCE } from '../fixtures';
import { answer } from './answer';

/** An uploaded theme background as the Worker names it: its set's JPEG. */
export const BACKGROUND_URL = `http://localhost/media/backgrounds/${'a'.repeat(32)}/${'b'.repeat(32)}/1440.jpg`;

/** Any answer that hands back the signed-in user (the profile, every change to it). */
export const userAnswer = (user: User, message = 'Profile retrieved successfully') =>
  answer(userResponse, { success: true, data: user, message });

/** GET /v1/user/profile answers `user`. */
export const profileIs = (user: User) => http.get('/v1/user/profile', () => userAnswer(user));

/**
 * POST /v1/user/profile/update as the Worker answers it: `user` with the fields sent, and every
 * field left out as stored (a form that sends only its changes gets the rest back as saved).
 */
export const profileUpdatedFrom = (user: User) =>
  http.post('/v1/user/profile/update', async ({ request }) => {
    const form = await request.formData();
    const sent = Object.fromEntries(
      [...form.entries()].flatMap(([field, value]) => (typeof value === 'string' ? [[field, value.trim()]] : [])),
    );
    const { remove_avatar: _removeAvatar, ...fields } = sent;
    const flag = (value: unknown, stored: boolean) =>
      value === undefined ? stored : value === '1' || value === 'true';
    const saved = {
      ...user,
      ...fields,
      is_active: flag(sent.is_active, user.is_active),
      contact_exchange: flag(sent.contact_exchange, user.contact_exchange),
    } as User;
    if (sent.phone !== undefined) saved.phone_display = sent.phone;
    return userAnswer(saved, 'Profile updated successfully');
  });

/** PUT /v1/user/language as the Worker answers it: `user` with the account's language sent, its card's as it was. */
export const accountLanguageFrom = (user: User) =>
  http.put('/v1/user/language', async ({ request }) => {
    const { language } = (await request.json()) as { language: User['account_language'] };
    return userAnswer({ ...user, account_language: language }, 'Language updated successfully');
  });

/** The signed-in user's own card: Jane, and every change to it answered as saved. */
export const profileHandlers = [
  profileIs(aUser()),
  profileUpdatedFrom(aUser()),
  accountLanguageFrom(aUser()),
  http.post('/v1/user/profile/avatar', () => userAnswer(aUser(), 'Profile photo updated successfully')),
  http.post('/v1/user/profile/cover-image', () => userAnswer(aUser(), 'Cover image uploaded successfully')),
  http.post('/v1/user/profile/background-image', () =>
    userAnswer(aUser({ background_image_url: BACKGROUND_URL }), 'Background image uploaded successfully'),
  ),
  http.delete('/v1/user/profile/background-image', () => userAnswer(aUser(), 'Background image removed successfully')),
  http.get('/v1/user/profile/:image/source', () =>
    answer(imageSourceResponse, { success: true, data: { image: CROP_SOURCE } }),
  ),
  http.post('/v1/user/profile/avatar/crop', () => userAnswer(aUser(), 'Profile photo updated successfully')),
  http.post('/v1/user/profile/cover-image/crop', () => userAnswer(aUser(), 'Cover image updated successfully')),
  http.put('/v1/user/profile/theme', async ({ request }) => {
    const body = (await request.json()) as { theme_id?: number | null; custom_theme?: CustomTheme | null };
    return answer(themeChoiceResponse, {
      success: true,
      data: { theme_id: body.theme_id ?? null, theme: null, custom_theme: body.custom_theme ?? null },
      message: body.custom_theme ? 'Custom theme updated successfully' : 'Theme updated successfully',
    });
  }),
  http.put('/v1/user/profile/signature-layout', async ({ request }) => {
    const { signature_layout } = (await request.json()) as { signature_layout: User['signature_layout'] };
    return userAnswer(aUser({ signature_layout }), 'Signature layout saved');
  }),
  http.put('/v1/user/profile/template', async ({ request }) => {
    const { template_id } = (await request.json()) as { template_id: number };
    return answer(templateChoiceResponse, {
      success: true,
      data: { template_id, template: aTemplate({ id: template_id }) },
      message: 'Template updated successfully',
    });
  }),
];
