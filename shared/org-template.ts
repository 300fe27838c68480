// An organisation's template (docs/product.md §2, Organisations; docs/decisions/0105-org-templates.md):
// the fields of a work card it rules, and what each rule means. No schema library here: the card's
// editor reads it, and the Worker's start never does.

/**
 * locked: the organisation sets it (a text field's value is the template's) and the member cannot
 * change it; required: the member fills it and cannot empty it; optional: as a personal card;
 * hidden: never shown to visitors, and the member cannot set it.
 */
export const FIELD_RULES = ['locked', 'required', 'optional', 'hidden'] as const;
export type FieldRule = (typeof FIELD_RULES)[number];
export type FieldRules = Partial<Record<TemplateField, FieldRule>>;

/** The fields whose value is text the template can set when it locks them. */
export const TEXT_FIELDS = [
  'name',
  'job_title',
  'company',
  'phone',
  'public_email',
  'location',
  'pronouns',
  'bio',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
/** The fields a template rules, by the names the API and the editor use: the text ones, then the images and links. */
export const TEMPLATE_FIELDS = [...TEXT_FIELDS, 'photo', 'cover', 'links'] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];
export const isTextField = (field: TemplateField): field is TextField =>
  (TEXT_FIELDS as readonly string[]).includes(field);

/** How a field is named in messages. */
export const FIELD_LABELS: Record<TemplateField, string> = {
  name: 'Name',
  job_title: 'Job title',
  company: 'Company',
  phone: 'Phone',
  public_email: 'E-mail',
  location: 'Location',
  pronouns: 'Pronouns',
  bio: 'Bio',
  photo: 'Photo',
  cover: 'Cover image',
  links: 'Links',
};

/** At most this many links every card carries. */
export const REQUIRED_LINKS_MAX = 5;

export const lockedMessage = (field: TemplateField) =>
  `${FIELD_LABELS[field]} is set by your organisation and cannot be changed`;
export const hiddenMessage = (field: TemplateField) => `${FIELD_LABELS[field]} is hidden on your organisation's cards`;
export const requiredMessage = (field: TemplateField) => `${FIELD_LABELS[field]} is required by your organisation`;

/** A work card's e-mail signature layout, when the template sets one. */
export const SIGNATURE_LOCKED_MESSAGE = 'The signature layout is set by your organisation and cannot be changed';
