import { http } from 'msw';
import { FIELD_RULES, TEMPLATE_FIELDS, type FieldRule, type TemplateField } from '@shared/org-template';
import { type OrgTemplate, orgTemplateResponse, orgTemplateSavedResponse } from '@shared/schemas/org-template';
import { answer, failure } from './answer';

/** An organisation's template as GET /v1/orgs/{id}/template answers it: every field optional unless told. */
export function aTemplate(overrides: Partial<OrgTemplate> = {}): OrgTemplate {
  return {
    org_id: 'org1',
    org_name: 'Acme Ltd',
    version: 1,
    theme_id: null,
    custom_theme: null,
    template_id: null,
    rules: Object.fromEntries(TEMPLATE_FIELDS.map((field) => [field, 'optional'])) as Record<TemplateField, FieldRule>,
    locked_values: {},
    required_links: [],
    logo_url: null,
    signature_layout: null,
    cards: 2,
    updated_at: '2026-12-05T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * The template of one organisation, stored as the Worker stores it: GET answers it; PUT checks the
 * rules as the body's schema does (an unknown rule, a locked field without its value) and answers
 * the new one, its version counted.
 */
export function orgTemplateIs(initial: OrgTemplate) {
  let stored = initial;
  const path = `/v1/orgs/${initial.org_id}/template`;
  return [
    http.get(path, () => answer(orgTemplateResponse, { success: true, data: stored })),
    // The logo's upload goes by XMLHttpRequest (its progress), which a test fakes; its removal here.
    http.delete(`${path}/logo`, () => {
      stored = { ...stored, version: stored.version + 1, logo_url: null };
      return answer(orgTemplateSavedResponse, { success: true, message: 'Logo removed successfully', data: stored });
    }),
    http.put(path, async ({ request }) => {
      const body = (await request.json()) as {
        rules?: Partial<Record<TemplateField, string>>;
        locked_values?: Partial<Record<string, string>>;
        required_links?: { title: string; url: string }[];
        custom_theme?: OrgTemplate['custom_theme'];
        theme_id?: number | null;
        template_id?: number | null;
        signature_layout?: OrgTemplate['signature_layout'];
      };
      const rules = { ...aTemplate().rules };
      for (const [field, rule] of Object.entries(body.rules ?? {})) {
        if (!(FIELD_RULES as readonly string[]).includes(rule ?? ''))
          return failure(422, 'Validation failed', {
            [`rules.${field}`]: [`The rule must be one of: ${FIELD_RULES.join(', ')}`],
          });
        rules[field as TemplateField] = rule as FieldRule;
      }
      for (const [field, rule] of Object.entries(rules))
        if (rule === 'locked' && field !== 'photo' && field !== 'cover' && field !== 'links')
          if (!body.locked_values?.[field]?.trim())
            return failure(422, 'Validation failed', {
              [`locked_values.${field}`]: ['A locked field needs the value every card shows'],
            });
      for (const field of Object.keys(body.locked_values ?? {}))
        if (rules[field as TemplateField] !== 'locked')
          return failure(422, 'Validation failed', {
            [`locked_values.${field}`]: ['Only a locked field has a value set by the organisation'],
          });
      stored = {
        ...stored,
        version: stored.version + 1,
        theme_id: body.theme_id ?? null,
        custom_theme: body.custom_theme ?? null,
        template_id: body.template_id ?? null,
        rules,
        locked_values: body.locked_values ?? {},
        required_links: body.required_links ?? [],
        signature_layout: body.signature_layout ?? null,
      };
      return answer(orgTemplateSavedResponse, {
        success: true,
        message: `Template saved; ${stored.cards} work ${stored.cards === 1 ? 'card follows' : 'cards follow'} it`,
        data: stored,
      });
    }),
  ];
}
