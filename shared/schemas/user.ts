import { z } from 'zod';
import { LANGUAGE_MESSAGE, LANGUAGES } from '../i18n/languages';
import { SIGNATURE_LAYOUTS } from '../signature-layouts';
import { businessCardView } from './business-card';
import { dataMessageResponse, isoTime } from './responses';
import { customThemeView, imageTonesView, templateSchema, themeSchema } from './themes';

// The signed-in user as the API answers it (docs/product.md §3): GET /v1/user/profile, every
// profile change, and the `user` of a sign-in.

/** The card's own fields, also nested under `profile` for clients that read them there. */
export const profileSummary = z
  .object({
    username: z.string(),
    name: z.string(),
    bio: z.string(),
    avatar_url: z.string().nullable(),
    avatar: z.string().nullable(),
    cover_image_url: z.string().nullable(),
    is_active: z.boolean(),
  })
  .strict();
export type ProfileSummary = z.infer<typeof profileSummary>;

export const userSchema = businessCardView
  .extend({
    id: z.string(),
    name: z.string(),
    username: z.string(),
    email: z.string(),
    bio: z.string(),
    is_active: z.boolean(),
    /** 'deleted' only while the account's deletion runs (services/account-data/deletion.ts). */
    status: z.enum(['active', 'pending', 'deleted']),
    avatar_url: z.string().nullable(),
    avatar: z.string().nullable(),
    cover_image_url: z.string().nullable(),
    /** The custom theme's uploaded background (its JPEG); also answered as `custom_theme.background_image`. */
    background_image_url: z.string().nullable(),
    /** The company logo (its JPEG, on white): drawn on the card and offered in the QR's middle. */
    logo_url: z.string().nullable(),
    /** How light and dark that upload is where text sits (shared/backdrop.ts); null when not measured. */
    background_tones: imageTonesView.nullable(),
    theme_id: z.number().int().nullable(),
    theme: themeSchema.nullable(),
    custom_theme: customThemeView.nullable(),
    template_id: z.number().int().nullable(),
    template: templateSchema.nullable(),
    views: z.number().int().nonnegative(),
    /** 'Let visitors share their contact': the card shows 'Share your contact'. */
    contact_exchange: z.boolean(),
    /** The e-mail signature's layout (shared/signature-layouts.ts); null: the standard one. */
    signature_layout: z.enum(SIGNATURE_LAYOUTS).nullable(),
    /** The card's language (docs/product.md §8, Languages): its page, forms and vCard, what its visitors read. */
    language: z.enum(LANGUAGES),
    /**
     * The account's language (docs/product.md §8, Languages): the dashboard's and the e-mails'.
     * The one the account chose, else its primary card's.
     */
    account_language: z.enum(LANGUAGES),
    created_at: isoTime.nullable(),
    last_viewed_at: isoTime.nullable(),
    /** An operator (the dashboard offers the admin console). */
    is_admin: z.boolean(),
    /** Set when an operator took the card down, with the reason its owner sees. */
    takedown: z.object({ reason: z.string(), at: isoTime }).strict().nullable(),
    profile: profileSummary,
  })
  .strict();
export type User = z.infer<typeof userSchema>;

/** PUT /v1/user/language: the account's language, the dashboard's and the e-mails' (no card's). */
export const accountLanguageBody = z.object({ language: z.enum(LANGUAGES, { error: LANGUAGE_MESSAGE }) });
export type AccountLanguageBody = z.output<typeof accountLanguageBody>;

/** GET /v1/user/profile, every profile change, PUT /v1/user/language and PUT /v1/user/security/email/confirm. */
export const userResponse = dataMessageResponse(userSchema);
