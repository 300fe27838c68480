import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { nameField, usernameField } from '@shared/schemas/auth';
import {
  companyField,
  jobTitleField,
  locationField,
  phoneShapeField,
  pronounsField,
  publicEmailField,
} from '@shared/schemas/business-card';
import { bioField, languageField } from '@shared/schemas/profile';

// The shared field schemas keep the messages identical to the server's (docs/product.md §5). This
// module is loaded on the form's first use (see lib/lazy-resolver.ts); the form imports types only.
export const profileFormSchema = z.object({
  name: nameField,
  username: usernameField,
  bio: bioField,
  job_title: jobTitleField,
  company: companyField,
  phone: phoneShapeField,
  public_email: publicEmailField,
  location: locationField,
  pronouns: pronounsField,
  is_active: z.boolean(),
  /** The card's language, not the dashboard's (docs/product.md §8). */
  language: languageField,
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormValues = z.output<typeof profileFormSchema>;

export const profileFormResolver = zodResolver(profileFormSchema);
