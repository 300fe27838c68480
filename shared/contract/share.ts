import { virtualBackgroundQuery } from '../schemas/share';
import type { Resource } from './types';

export const shareResource: Resource = {
  name: 'Share kit',
  description: "What the owner hands over in person or on a call: the card's virtual background.",
  routes: [
    {
      method: 'GET',
      path: '/v1/user/share/virtual-background.png',
      summary: 'A virtual background for video calls',
      description:
        "The photo, name, title, company, the card's address and its QR code in the card's colours, drawn like the Open Graph image; 1920x1080, or 1280x720 with `size`. Never cached (`private, no-store`).",
      access: 'user',
      query: virtualBackgroundQuery,
      answers: { 200: { description: 'The PNG, as an attachment.', contentType: 'image/png' } },
      errors: { 404: 'The card was taken down.' },
    },
  ],
};
