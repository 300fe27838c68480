import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { businessCardView } from './business-card';
import { publicLinkSchema } from './links';
import { dataMessageResponse } from './responses';
import { customThemeView, imageTonesView, templateSchema, themeSchema } from './themes';

/**
 * GET /v1/p/{username} `data`: what a visitor may see of a card (docs/product.md §3, "Public
 * profile"). Strict: a private field added to the serializer fails here before it leaks.
 */
export const publicCardSchema = businessCardView
  .extend({
    name: z.string(),
    username: z.string(),
    bio: z.string(),
    avatar_url: z.string().nullable(),
    avatar: z.string().nullable(),
    cover_image_url: z.string().nullable(),
    /** The company logo (its JPEG, on white; shared/media.ts names the AVIF and WebP beside it). */
    logo_url: z.string().nullable(),
    /** Tiny blurred previews as data: URIs, drawn while the images load. */
    avatar_placeholder: z.string().nullable(),
    cover_placeholder: z.string().nullable(),
    links: z.array(publicLinkSchema),
    custom_theme: customThemeView.nullable(),
    /** How light and dark the uploaded background is where text sits (shared/backdrop.ts); null when not measured. */
    background_tones: imageTonesView.nullable(),
    theme: themeSchema.nullable(),
    template: templateSchema.nullable(),
    /** The card offers 'Share your contact' (/p/{username}/contact). */
    contact_exchange: z.boolean(),
    /** The card's language (docs/product.md §8, Languages): what its page, forms and vCard speak. */
    language: z.enum(LANGUAGES),
  })
  .strict();
export type PublicProfile = z.infer<typeof publicCardSchema>;

export const publicCardResponse = dataMessageResponse(publicCardSchema);
