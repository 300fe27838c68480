import { http } from 'msw';
import { templatesResponse, themesResponse } from '@shared/schemas/themes';
import type { Template, Theme } from '@shared/types';
import { answer } from './answer';

/** GET /v1/user/themes?all=true answers these presets. */
export const themesAre = (themes: Theme[]) =>
  http.get('/v1/user/themes', () =>
    answer(themesResponse, { success: true, data: themes, message: 'Themes retrieved successfully' }),
  );

/** GET /v1/user/templates?all=true answers these templates. */
export const templatesAre = (templates: Template[]) =>
  http.get('/v1/user/templates', () =>
    answer(templatesResponse, { success: true, data: templates, message: 'Templates retrieved successfully' }),
  );
