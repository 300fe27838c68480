import { z } from 'zod';
import { FIELD_RULES, TEMPLATE_FIELDS, TEXT_FIELDS, type TemplateField, type TextField } from '../org-template';
import { phoneField } from './phone-field';
import { companyField, jobTitleField, locationField, pronounsField, publicEmailField } from './business-card';
import { nameField } from './auth';
import { bioField } from './profile';
import { orgTemplateBodies } from './org-template-bodies';
import { dataMessageResponse, dataResponse } from './responses';
import { customThemeSchema, customThemeView } from './themes';
import { singleLine } from './text';
import { signatureLayoutField } from './signature-layout';

// An organisation's template (docs/product.md §2, Organisations; docs/decisions/0105-org-templates.md).
// The body is built in org-template-bodies.ts (it says why), here with the shared fields.

export * from './org-template-bodies';

export const TEMPLATE_TEXT_FIELDS: Record<TextField, z.ZodType<string, string>> = {
  name: nameField,
  job_title: jobTitleField,
  company: companyField,
  phone: phoneField as unknown as z.ZodType<string, string>,
  public_email: publicEmailField,
  location: locationField,
  pronouns: pronounsField,
  bio: bioField,
};

export const { orgTemplateBody } = orgTemplateBodies({
  customThemeSchema,
  textFields: TEMPLATE_TEXT_FIELDS,
  singleLine,
  signatureLayoutField,
});
export type OrgTemplateBody = z.output<typeof orgTemplateBody>;

const ruleView = z.enum(FIELD_RULES);

/** The template as the API answers it: every field's rule ('optional' where none was set). */
export const orgTemplateSchema = z
  .object({
    org_id: z.string(),
    /** The organisation's name: what the member's editor says set a locked field. */
    org_name: z.string(),
    /** 0 while the organisation has saved no template. */
    version: z.number().int(),
    theme_id: z.number().int().nullable(),
    custom_theme: customThemeView.nullable(),
    template_id: z.number().int().nullable(),
    rules: z.object(
      Object.fromEntries(TEMPLATE_FIELDS.map((field) => [field, ruleView])) as Record<TemplateField, typeof ruleView>,
    ),
    locked_values: z.object(
      Object.fromEntries(TEXT_FIELDS.map((field) => [field, z.string().optional()])) as Record<
        TextField,
        z.ZodOptional<z.ZodString>
      >,
    ),
    required_links: z.array(z.object({ title: z.string(), url: z.string() }).strict()),
    /** The company logo every work card shows (its JPEG, on white), as a card's `logo_url`; null for each card's own. */
    logo_url: z.string().nullable(),
    /** The e-mail signature's layout every work card has; null: each card its own. */
    signature_layout: signatureLayoutField,
    /** How many work cards follow it. */
    cards: z.number().int(),
    updated_at: z.string().nullable(),
  })
  .strict();
export type OrgTemplate = z.infer<typeof orgTemplateSchema>;

export const orgTemplateResponse = dataResponse(orgTemplateSchema);
export const orgTemplateSavedResponse = dataMessageResponse(orgTemplateSchema);

/** POST /v1/orgs/{id}/template/background-image: the stored image's address, for `custom_theme.background_image`. */
export const orgTemplateBackgroundResponse = dataMessageResponse(z.object({ background_image: z.string() }).strict());
