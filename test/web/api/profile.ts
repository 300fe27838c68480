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

/** The signed-in user's own card: Jane, and every change to it answered as saved. */
export const profileHandlers = [
  profileIs(aUser()),
  http.post('/v1/user/profile/update', () => userAnswer(aUser(), 'Profile updated successfully')),
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
  http.put('/v1/user/profile/template', async ({ request }) => {
    const { template_id } = (await request.json()) as { template_id: number };
    return answer(templateChoiceResponse, {
      success: true,
      data: { template_id, template: aTemplate({ id: template_id }) },
      message: 'Template updated successfully',
    });
  }),
];
