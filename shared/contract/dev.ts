import {
  mediaMigrationResponse,
  outboxQuery,
  outboxResponse,
  syntheticEventsBody,
  syntheticEventsResponse,
} from '../schemas/dev';
import type { Resource } from './types';

export const devResource: Resource = {
  name: 'Development',
  description:
    'Development only: these routes exist where ENVIRONMENT is development (`npm start`, the tests) and ' +
    'answer 404 everywhere else. Listed for contributors: the tests and the browser suite read the mail ' +
    'outbox, and the bench buffers synthetic events.',
  routes: [
    {
      method: 'GET',
      path: '/v1/dev/mail',
      summary: 'The mails sent to one address, newest first',
      description: 'Development sends no mail: each one is kept here, with its code when it carries one.',
      access: 'public',
      development: true,
      query: outboxQuery,
      answers: { 200: outboxResponse },
    },
    {
      method: 'POST',
      path: '/v1/dev/events',
      summary: "Buffer synthetic visitors' events for a card (the bench's fixture)",
      access: 'public',
      development: true,
      body: {
        type: 'json',
        schema: syntheticEventsBody,
        example: { owner_id: '0b6f7c1e-2a4d-4c8e-9f10-1a2b3c4d5e6f', link_id: null, from: 0, count: 100 },
      },
      answers: { 201: syntheticEventsResponse },
    },
    {
      method: 'POST',
      path: '/v1/dev/media-migration',
      summary: 'Run one batch of the media migration',
      description: '`npm start` calls it until nothing remains; production runs it from the scheduled job.',
      access: 'public',
      development: true,
      answers: { 200: mediaMigrationResponse },
    },
  ],
};
