import { z } from 'zod';
import { BUSINESS_TEXT_MAX, EMAIL_MAX, PRONOUNS_MAX } from '../constants';
import { singleLine } from './text';

// The card's business fields (docs/product.md §5, Profile): optional, each '' when not given. They go through the
// same hygiene as the name (one line, no controls or invisible characters), so what the card, the
// vCard and the JSON-LD print is what a person could have typed.

export const PHONE_MESSAGE = 'Please enter a valid phone number';
export const PUBLIC_EMAIL_MESSAGE = 'Please enter a valid email address';

const line = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .overwrite(singleLine)
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` });

export const jobTitleField = line('Job title', BUSINESS_TEXT_MAX);
export const companyField = line('Company', BUSINESS_TEXT_MAX);
export const locationField = line('Location', BUSINESS_TEXT_MAX);
export const pronounsField = line('Pronouns', PRONOUNS_MAX);

/**
 * A number with its country code, as typed ('+44 20 7946 0958'): its shape only, for the form,
 * which loads no phone metadata. The Worker's field (phone.ts) also checks it against each
 * country's numbering plan and stores it in E.164; the message is the same.
 */
export const phoneShapeField = z
  .string({ error: PHONE_MESSAGE })
  .overwrite(singleLine)
  .trim()
  .max(40, { error: PHONE_MESSAGE })
  .refine((value) => value === '' || /^\+[1-9]\d{6,14}$/.test(value.replace(/[\s().-]/g, '')), {
    error: PHONE_MESSAGE,
  });

/** The address shown on the card; the account's own e-mail stays private. Empty clears it. */
export const publicEmailField = z
  .string({ error: PUBLIC_EMAIL_MESSAGE })
  .overwrite(singleLine)
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, { error: PUBLIC_EMAIL_MESSAGE })
  .pipe(z.union([z.literal(''), z.email({ error: PUBLIC_EMAIL_MESSAGE })], { error: PUBLIC_EMAIL_MESSAGE }));

/** Five of the six fields, each left unchanged when absent from an update; the phone is phone.ts's. */
export const businessTextBody = z.object({
  job_title: jobTitleField.optional(),
  company: companyField.optional(),
  public_email: publicEmailField.optional(),
  location: locationField.optional(),
  pronouns: pronounsField.optional(),
});

/** What GET /v1/user/profile and GET /v1/p/{username} answer: each '' when not given. */
export const businessCardView = z.object({
  job_title: z.string(),
  company: z.string(),
  /** E.164, e.g. '+442079460958'. */
  phone: z.string(),
  /** The same number as people read it ('+44 20 7946 0958'), what the card shows; '' without one. */
  phone_display: z.string(),
  public_email: z.string(),
  location: z.string(),
  pronouns: z.string(),
});
export type BusinessCard = z.infer<typeof businessCardView>;
/** The fields an update may send. */
export const BUSINESS_FIELDS = ['job_title', 'company', 'phone', 'public_email', 'location', 'pronouns'] as const;
