import { signatureLayoutBody } from '../schemas/signature-layout';
import { z } from 'zod';
import { cropBody, imageSourceResponse } from '../schemas/media';
import { profileUpdateBody } from '../schemas/profile';
import {
  templateBody,
  templateChoiceResponse,
  templatesResponse,
  themeBody,
  themeChoiceResponse,
  themesResponse,
} from '../schemas/themes';
import { userResponse } from '../schemas/user';
import type { ApiRoute, Resource } from './types';

const IMAGE = 'JPEG, PNG, GIF or WebP, at most 5 MB; recognised by its bytes, whatever its name says.';
const RACE = 'The image changed in another request at the same moment: try again.';
const LOGO_LOCKED = 'A work card whose organisation sets the company logo: it is the organisation’s.';
/** The image routes' form has no text fields: only the file. */
const fileOnly = z.object({});

type Kind = {
  path: 'avatar' | 'cover-image' | 'background-image' | 'logo';
  field: string;
  name: string;
  crop: boolean;
};
const KINDS: Kind[] = [
  { path: 'avatar', field: 'avatar', name: 'profile photo', crop: true },
  { path: 'cover-image', field: 'cover_image', name: 'cover image', crop: true },
  // The custom theme's background (docs/product.md §2, Themes); the page covers with it, so there is nothing to crop.
  { path: 'background-image', field: 'background_image', name: 'custom theme background image', crop: false },
  // The company logo (docs/product.md §5, Profile): fitted whole into its box on white, never cropped.
  { path: 'logo', field: 'logo', name: 'company logo', crop: false },
];

/** The same routes for the photo, the cover, the theme's background and the logo (the last two have no crop). */
const imageRoutes = ({ path, field, name, crop }: Kind): ApiRoute[] => [
  {
    method: 'POST',
    path: `/v1/user/profile/${path}`,
    summary: `Upload a new ${name}`,
    description: crop
      ? 'Resized at once into the sizes the card uses; the original is kept privately for cropping.'
      : 'Resized at once into the sizes the card uses, never cropped; the original is kept privately for the export.',
    access: 'user',
    body: { type: 'multipart', schema: fileOnly, files: { [field]: { description: IMAGE, required: true } } },
    answers: { 200: userResponse },
    errors: {
      ...(path === 'logo' ? { 403: LOGO_LOCKED } : {}),
      409: RACE,
      422: `Also: no file, or not an image of the accepted types (field \`${field}\`).`,
    },
  },
  {
    method: 'DELETE',
    path: `/v1/user/profile/${path}`,
    summary: `Remove the ${name}`,
    access: 'user',
    answers: { 200: userResponse },
    errors: { ...(path === 'logo' ? { 403: LOGO_LOCKED } : {}), 409: RACE },
  },
  ...(crop ? cropRoutes(path, name) : []),
];

const cropRoutes = (path: Kind['path'], name: string): ApiRoute[] => [
  {
    method: 'GET',
    path: `/v1/user/profile/${path}/source`,
    summary: `The whole ${name}, to choose a crop from`,
    description: 'A small upright copy as a data: URI; never cached (Cache-Control: private, no-store).',
    access: 'user',
    answers: { 200: imageSourceResponse },
    errors: { 404: `There is no ${name}.` },
  },
  {
    method: 'POST',
    path: `/v1/user/profile/${path}/crop`,
    summary: `Crop the ${name} again from its original`,
    access: 'user',
    body: { type: 'json', schema: cropBody, example: { x: 0.1, y: 0, width: 0.8, height: 0.8 } },
    answers: { 200: userResponse },
    errors: { 404: `There is no ${name}.`, 409: RACE },
  },
];

export const profileResource: Resource = {
  name: 'Profile',
  description:
    "The signed-in owner's card: name, username, bio, photo, cover, logo, theme and template, and the " +
    'catalogue of preset themes and templates. Every change answers the whole user.',
  routes: [
    {
      method: 'GET',
      path: '/v1/user/profile',
      summary: 'The signed-in user and their card',
      access: 'user',
      answers: { 200: userResponse },
    },
    {
      method: 'POST',
      path: '/v1/user/profile/update',
      summary: 'Change the card: name, username, bio, visibility, and optionally a new photo',
      description:
        'A multipart form (the dashboard sends the photo with the text). Flags are `1`/`0` or ' +
        '`true`/`false`. Every field left out stays as it is, name and username too (neither may be ' +
        'emptied): a save sends only what changed, so a stale form in a second tab undoes nothing. ' +
        '`language` (en, es, pt-BR, fr, de or ar) is what the card, its forms, its vCard and the ' +
        "account's e-mails speak.",
      access: 'user',
      body: {
        type: 'multipart',
        schema: profileUpdateBody,
        files: { avatar: { description: `A new profile photo (optional): ${IMAGE}`, required: false } },
        example: { name: 'Ada Lovelace', username: 'ada', bio: 'Analyst', is_active: '1' },
      },
      answers: { 200: userResponse },
      errors: {
        409: RACE,
        422: 'Also: the username is taken, the language is not one of the six, or the photo is not an image of the accepted types.',
      },
    },
    ...KINDS.flatMap(imageRoutes),
    {
      method: 'PUT',
      path: '/v1/user/profile/signature-layout',
      summary: 'Choose the layout of the card’s e-mail signature',
      description:
        '`standard`, `compact` or `banner`; null for the standard one. A work card whose organisation’s template ' +
        'sets the layout answers 403 naming `signature_layout`.',
      access: 'user',
      body: { type: 'json', schema: signatureLayoutBody, example: { signature_layout: 'compact' } },
      answers: { 200: userResponse },
      errors: { 403: 'The organisation’s template sets it.' },
    },
    {
      method: 'PUT',
      path: '/v1/user/profile/theme',
      summary: 'Choose a preset theme, a custom theme, or both',
      description: '`custom_theme: null` returns to the preset; absent custom colours take the defaults.',
      access: 'user',
      body: {
        type: 'json',
        schema: themeBody,
        example: { custom_theme: { background_color: '#112233', text_color: '#ffffff', accent_color: '#ff9900' } },
      },
      answers: { 200: themeChoiceResponse },
      errors: {
        422:
          'Also: the theme does not exist, or the background image is neither the upload nor an https image ' +
          'elsewhere (another path of this deployment, plain http); the background already stored passes as it is.',
      },
    },
    {
      method: 'PUT',
      path: '/v1/user/profile/template',
      summary: 'Choose a template (the layout of the card)',
      access: 'user',
      body: { type: 'json', schema: templateBody, example: { template_id: 1 } },
      answers: { 200: templateChoiceResponse },
      errors: { 422: 'Also: the template does not exist.' },
    },
    {
      method: 'GET',
      path: '/v1/user/themes',
      summary: 'The preset themes',
      description: 'Never paged (`all=true` is accepted and changes nothing).',
      access: 'user',
      answers: { 200: themesResponse },
    },
    {
      method: 'GET',
      path: '/v1/user/templates',
      summary: 'The templates',
      description: 'Never paged (`all=true` is accepted and changes nothing).',
      access: 'user',
      answers: { 200: templatesResponse },
    },
  ],
};
