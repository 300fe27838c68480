import { z } from 'zod';
import {
  orgTemplateBackgroundResponse,
  orgTemplateBody,
  orgTemplateResponse,
  orgTemplateSavedResponse,
} from '../schemas/org-template';
import { orgIdParam } from '../schemas/orgs';
import type { Resource } from './types';

const OUTSIDER = 'An organisation the account does not belong to answers 404, as a missing one.';
const MANAGERS = `The owner and admins only: a member gets 403. ${OUTSIDER}`;

export const orgTemplateResource: Resource = {
  name: 'Organisation template',
  description:
    'The look of an organisation’s work cards (a theme, its own colours and fonts with a virtual background, a ' +
    'layout), each field’s rule (locked: set by the organisation; required; optional; hidden from visitors) with ' +
    'the locked fields’ values, the links every card carries first, and the e-mail signature’s layout. Saving it changes every work card at ' +
    'once, and new invitations’ cards are made from it. A member’s change of a locked or hidden field answers ' +
    '403 naming the field; emptying a required one 422. The organisation’s company logo, once uploaded, is ' +
    'every work card’s (and the middle of its QR code): the member can neither change nor remove it (403).',
  routes: [
    {
      method: 'GET',
      path: '/v1/orgs/:orgId/template',
      summary: 'The organisation’s template; any member may read it (version 0: none saved yet)',
      description: OUTSIDER,
      access: 'user',
      params: orgIdParam,
      answers: { 200: orgTemplateResponse },
    },
    {
      method: 'PUT',
      path: '/v1/orgs/:orgId/template',
      summary: 'Save the whole template; every work card follows it at once',
      description:
        `The owner and admins only: a member gets 403. ${OUTSIDER} A rule left out is optional. ` +
        '`custom_theme.background_image` is an https address or the address an upload of this organisation’s ' +
        'background answered (`POST …/template/background-image`); once saved, the organisation’s backgrounds ' +
        'that neither the template nor a work card names are deleted.',
      access: 'user',
      params: orgIdParam,
      body: {
        type: 'json',
        schema: orgTemplateBody,
        example: {
          theme_id: null,
          custom_theme: {
            background_color: '#fdf6e3',
            text_color: '#111827',
            accent_color: '#0a7d5c',
            font_family: 'Inter, sans-serif',
          },
          template_id: null,
          rules: { company: 'locked', job_title: 'required', pronouns: 'hidden' },
          locked_values: { company: 'Acme Ltd' },
          required_links: [
            { title: 'Acme', url: 'https://acme.example.com' },
            { title: 'Acme on LinkedIn', url: 'https://www.linkedin.com/company/acme' },
          ],
          signature_layout: 'compact',
        },
      },
      answers: { 200: orgTemplateSavedResponse },
      errors: {
        403: 'The account is a member, not the owner or an admin.',
        422:
          'A field refused, named in `errors`; `custom_theme.background_image` for an image of this site that is ' +
          'not this organisation’s upload, or an upload deleted since (a save without it came first).',
      },
    },
    {
      method: 'POST',
      path: '/v1/orgs/:orgId/template/logo',
      summary: 'Upload the organisation’s company logo; every work card shows it at once',
      description:
        `${MANAGERS} Taken as a card’s logo is (\`POST /v1/user/profile/logo\`): resized into the card’s sizes, ` +
        'fitted whole on white; the previous logo’s files go.',
      access: 'user',
      params: orgIdParam,
      body: {
        type: 'multipart',
        schema: z.object({}),
        files: {
          logo: { description: 'JPEG, PNG, GIF or WebP, at most 5 MB; recognised by its bytes.', required: true },
        },
      },
      answers: { 200: orgTemplateSavedResponse },
      errors: {
        403: 'The account is a member, not the owner or an admin.',
        422: 'No file, or not an image of the accepted types (field `logo`).',
      },
    },
    {
      method: 'DELETE',
      path: '/v1/orgs/:orgId/template/logo',
      summary: 'Remove the organisation’s company logo; the work cards go back to none',
      description: MANAGERS,
      access: 'user',
      params: orgIdParam,
      answers: { 200: orgTemplateSavedResponse },
      errors: { 403: 'The account is a member, not the owner or an admin.' },
    },
    {
      method: 'POST',
      path: '/v1/orgs/:orgId/template/background-image',
      summary: 'Upload the template’s background image',
      description:
        'Resized at once into the sizes a card uses, in the organisation’s own media folder, and answered by its ' +
        'address; nothing changes until a saved template names it in `custom_theme.background_image`. An upload ' +
        'no save names is deleted at the next save, as is a background a save replaces or removes. The owner ' +
        `and admins only: a member gets 403. ${OUTSIDER}`,
      access: 'user',
      params: orgIdParam,
      body: {
        type: 'multipart',
        schema: z.object({}),
        files: { background_image: { description: 'A JPG, PNG, GIF or WebP image of at most 5 MB', required: true } },
      },
      answers: { 200: orgTemplateBackgroundResponse },
      errors: {
        403: 'The account is a member, not the owner or an admin.',
        422: 'No file, or not an image of the accepted types (field `background_image`).',
      },
    },
  ],
};
