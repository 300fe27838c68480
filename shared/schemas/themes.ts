import { z } from 'zod';
import { COLOUR_PATTERN, DEFAULT_CUSTOM_THEME, FONT_FAMILIES, OVERLAY_MAX } from '../constants';
import { BUTTON_SHAPES, BUTTON_STYLES, GRADIENT_DIRECTIONS, PATTERNS } from '../looks';
import { numericText } from './numbers';
import { dataMessageResponse } from './responses';

const colourField = (label: string, fallback: string) =>
  z
    .string({ error: `${label} must be a colour like #RGB or #RRGGBB` })
    .trim()
    .regex(COLOUR_PATTERN, { error: `${label} must be a colour like #RGB or #RRGGBB` })
    .optional()
    .default(fallback);

/**
 * The field's one message. What the value may be needs this deployment's host names, so the
 * Worker holds it to the rule (isAllowedBackgroundUrl, shared/link-rules.ts); this schema refuses
 * what can never be an image URL in the card's CSS.
 */
export const BACKGROUND_IMAGE_MESSAGE = 'Background image must be an uploaded image or an https image URL';

const backgroundImageField = z
  .string({ error: BACKGROUND_IMAGE_MESSAGE })
  .trim()
  .max(2048, { error: 'Background image URL is too long' })
  .refine(
    (value) => {
      if (value === '') return true;
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
      } catch {
        return false;
      }
    },
    { error: BACKGROUND_IMAGE_MESSAGE },
  )
  .nullable()
  .optional()
  .transform((value) => value || null);

/**
 * The veil over the background image, in percent (docs/product.md §2, Background image). Absent
 * (every theme saved before it) draws the image as it is; the card may draw more where its text
 * needs it (shared/backdrop.ts).
 */
export const OVERLAY_MESSAGE = `Overlay must be a whole number from 0 to ${OVERLAY_MAX}`;
const overlayField = z.preprocess(
  numericText,
  z
    .number({ error: OVERLAY_MESSAGE })
    .int({ error: OVERLAY_MESSAGE })
    .min(0, { error: OVERLAY_MESSAGE })
    .max(OVERLAY_MAX, { error: OVERLAY_MESSAGE })
    .optional(),
);

/** The measured tones of an uploaded background (shared/backdrop.ts), as the API answers them. */
export const imageTonesView = z
  .object({ dark: z.number().int().min(0).max(255), light: z.number().int().min(0).max(255) })
  .strict();
const choiceField = <T extends string>(label: string, choices: readonly [T, ...T[]]) =>
  z.enum(choices, { error: `${label} must be one of: ${choices.join('; ')}` }).optional();

const GRADIENT_COLOUR_MESSAGE = 'Gradient colour must be a colour like #RGB or #RRGGBB, or null for none';

/**
 * The button style and shape, gradient and pattern (docs/product.md §2). Each is optional and
 * stored only when sent: a theme without one draws as every card did before they existed.
 */
const lookFields = {
  button_style: choiceField('Button style', BUTTON_STYLES),
  button_shape: choiceField('Button shape', BUTTON_SHAPES),
  gradient_color: z
    .string({ error: GRADIENT_COLOUR_MESSAGE })
    .trim()
    .regex(COLOUR_PATTERN, { error: GRADIENT_COLOUR_MESSAGE })
    .nullable()
    .optional(),
  gradient_direction: choiceField('Gradient direction', GRADIENT_DIRECTIONS),
  pattern: choiceField('Pattern', PATTERNS),
};

/** The same fields as answered, a preset's or a custom theme's. */
const lookView = {
  button_style: z.enum(BUTTON_STYLES).optional(),
  button_shape: z.enum(BUTTON_SHAPES).optional(),
  gradient_color: z.string().nullable().optional(),
  gradient_direction: z.enum(GRADIENT_DIRECTIONS).optional(),
  pattern: z.enum(PATTERNS).optional(),
};

/** A card's own colours and font (docs/product.md §3); absent fields take the documented defaults. */
export const CUSTOM_THEME_SHAPE = 'Custom theme must be an object of colours and a font, or null';
export const customThemeSchema = z.object(
  {
    background_color: colourField('Background colour', DEFAULT_CUSTOM_THEME.background_color),
    text_color: colourField('Text colour', DEFAULT_CUSTOM_THEME.text_color),
    accent_color: colourField('Accent colour', DEFAULT_CUSTOM_THEME.accent_color),
    font_family: z
      .enum(FONT_FAMILIES, { error: `Font must be one of: ${FONT_FAMILIES.join('; ')}` })
      .optional()
      .default(DEFAULT_CUSTOM_THEME.font_family),
    background_image: backgroundImageField,
    background_overlay: overlayField,
    ...lookFields,
  },
  { error: CUSTOM_THEME_SHAPE },
);
export type CustomThemeBody = z.output<typeof customThemeSchema>;

/** A positive integer id, as a number or numeric text; booleans, null and the like are refused. */
const catalogueId = (message: string) =>
  z.preprocess(numericText, z.number({ error: message }).int({ error: message }).positive({ error: message }));

/** PUT /v1/user/profile/theme: a preset, a custom theme, or both; custom_theme null returns to the preset. */
export const themeBody = z
  .object({
    theme_id: catalogueId('Please choose a theme').optional(),
    custom_theme: customThemeSchema.nullable().optional(),
  })
  .refine((body) => body.theme_id !== undefined || body.custom_theme !== undefined, {
    error: 'Choose a theme or send a custom theme',
    path: ['theme_id'],
  });
export type ThemeBody = z.output<typeof themeBody>;

/** PUT /v1/user/profile/template. */
export const templateBody = z.object({
  template_id: catalogueId('Please choose a template'),
});
export type TemplateBody = z.output<typeof templateBody>;

// Answers.

/** A preset of the catalogue (GET /v1/user/themes). */
export const themeSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    background_color: z.string(),
    text_color: z.string(),
    accent_color: z.string(),
    font_family: z.string(),
    background_image: z.string().nullable(),
    is_default: z.boolean(),
    ...lookView,
  })
  .strict();
export type Theme = z.infer<typeof themeSchema>;

/**
 * A custom theme as stored and answered: what customThemeSchema made of the owner's input. Read
 * loosely (any font name, no background image key) as the web's editor builds one from a preset.
 */
export const customThemeView = z
  .object({
    background_color: z.string(),
    text_color: z.string(),
    accent_color: z.string(),
    font_family: z.string(),
    background_image: z.string().nullable().optional(),
    background_overlay: z.number().int().optional(),
    ...lookView,
  })
  .strict();
export type CustomTheme = z.infer<typeof customThemeView>;

/** How a template lays the card out (docs/product.md §2); stored as JSON in templates.config. */
export const templateConfigSchema = z
  .object({
    layout: z.enum(['single-column', 'two-column']),
    showAvatar: z.boolean(),
    avatarPosition: z.string(),
  })
  .strict();
export type TemplateConfig = z.infer<typeof templateConfigSchema>;

/** A template of the catalogue (GET /v1/user/templates). */
export const templateSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    thumbnail_url: z.string(),
    thumbnail: z.string(),
    config: templateConfigSchema,
  })
  .strict();
export type Template = z.infer<typeof templateSchema>;

export const themesResponse = dataMessageResponse(z.array(themeSchema));
export const templatesResponse = dataMessageResponse(z.array(templateSchema));

/** PUT /v1/user/profile/theme `data`. */
export const themeChoice = z
  .object({
    theme_id: z.number().int().nullable(),
    theme: themeSchema.nullable(),
    custom_theme: customThemeView.nullable(),
  })
  .strict();
export type ThemeChoice = z.infer<typeof themeChoice>;
export const themeChoiceResponse = dataMessageResponse(themeChoice);

/** PUT /v1/user/profile/template `data`. */
export const templateChoice = z.object({ template_id: z.number().int(), template: templateSchema }).strict();
export type TemplateChoice = z.infer<typeof templateChoice>;
export const templateChoiceResponse = dataMessageResponse(templateChoice);
