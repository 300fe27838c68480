import { z } from 'zod';
import {
  FIELD_RULES,
  REQUIRED_LINKS_MAX,
  TEMPLATE_FIELDS,
  TEXT_FIELDS,
  type TemplateField,
  type TextField,
} from '../org-template';

// The body of PUT /v1/orgs/{id}/template (docs/decisions/0105-org-templates.md), built from fields
// handed in: the Worker's template handlers load on first use and take the card's own field
// schemas from its start rather than import them (worker/services/orgs/parts.ts says why).

type Fields = {
  customThemeSchema: z.ZodType;
  /** Each text field's own schema, as the card's update checks it. */
  textFields: Record<TextField, z.ZodType<string, string>>;
  singleLine: (value: string) => string;
  /** A layout of the e-mail signature or null (shared/schemas/signature-layout.ts). */
  signatureLayoutField: z.ZodType<string | null>;
};

const ID_MESSAGE = (what: string) => `Choose a ${what}, or null for the card's own`;
const catalogueId = (what: string) =>
  z
    .number({ error: ID_MESSAGE(what) })
    .int({ error: ID_MESSAGE(what) })
    .positive({ error: ID_MESSAGE(what) })
    .nullable()
    .optional()
    .default(null);

export const REQUIRED_LINK_URL_MESSAGE = 'Enter an https:// address';
export const LOCKED_VALUE_MISSING = 'A locked field needs the value every card shows';
export const VALUE_NOT_LOCKED = 'Only a locked field has a value set by the organisation';

export function orgTemplateBodies({ customThemeSchema, textFields, singleLine, signatureLayoutField }: Fields) {
  const RULE_MESSAGE = `The rule must be one of: ${FIELD_RULES.join(', ')}`;
  const rulesShape = Object.fromEntries(
    TEMPLATE_FIELDS.map((field) => [field, z.enum(FIELD_RULES, { error: RULE_MESSAGE }).optional()]),
  ) as Record<TemplateField, z.ZodOptional<z.ZodEnum<{ [K in (typeof FIELD_RULES)[number]]: K }>>>;
  const valuesShape = Object.fromEntries(TEXT_FIELDS.map((field) => [field, textFields[field].optional()])) as Record<
    TextField,
    z.ZodOptional<z.ZodType<string, string>>
  >;
  const LINK_TITLE_MESSAGE = 'Enter the link’s title (at most 100 characters)';
  const requiredLink = z
    .object({
      title: z
        .string({ error: LINK_TITLE_MESSAGE })
        .overwrite(singleLine)
        .trim()
        .min(1, { error: LINK_TITLE_MESSAGE })
        .max(100, { error: LINK_TITLE_MESSAGE }),
      url: z
        .string({ error: REQUIRED_LINK_URL_MESSAGE })
        .trim()
        .max(500, { error: REQUIRED_LINK_URL_MESSAGE })
        .refine((value) => /^https:\/\/[^\s/]+\.[^\s]+$/i.test(value), { error: REQUIRED_LINK_URL_MESSAGE }),
    })
    .strict();
  const LINKS_MESSAGE = `At most ${REQUIRED_LINKS_MAX} links every card carries`;

  /** PUT /v1/orgs/{id}/template: the whole template; what is left out is not ruled. */
  const orgTemplateBody = z
    .object({
      theme_id: catalogueId('theme'),
      custom_theme: customThemeSchema.nullable().optional().default(null),
      template_id: catalogueId('layout'),
      rules: z
        .object(rulesShape, { error: 'Rules must be an object of field to rule' })
        .strict()
        .optional()
        .default({}),
      locked_values: z
        .object(valuesShape, { error: 'Locked values must be an object of field to text' })
        .strict()
        .optional()
        .default({}),
      required_links: z
        .array(requiredLink, { error: LINKS_MESSAGE })
        .max(REQUIRED_LINKS_MAX, { error: LINKS_MESSAGE })
        .optional()
        .default([]),
      /** The e-mail signature's layout on every work card; null leaves each card its own. */
      signature_layout: signatureLayoutField.optional().default(null),
    })
    .strict()
    .superRefine((body, ctx) => {
      for (const field of TEXT_FIELDS) {
        const locked = body.rules[field] === 'locked';
        const valued = body.locked_values[field] !== undefined;
        if (locked && !valued)
          ctx.addIssue({ code: 'custom', path: ['locked_values', field], message: LOCKED_VALUE_MISSING });
        if (!locked && valued)
          ctx.addIssue({ code: 'custom', path: ['locked_values', field], message: VALUE_NOT_LOCKED });
      }
    });
  return { orgTemplateBody };
}
