import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { LINK_TITLE_MAX } from '@shared/constants';

// Loaded on the form's first use (see lib/lazy-resolver.ts); the form imports types only.

/**
 * The link form of docs/product.md §5: title and username (or identifier) are required, display_order
 * is coerced to an integer of at least 0; url, icon and is_active are optional. The url the server
 * receives is built from the platform's template (docs/product.md §4, Links).
 */
export const linkFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: 'Title is required' })
    .max(LINK_TITLE_MAX, { error: `Title must be at most ${LINK_TITLE_MAX} characters` }),
  platformId: z.string(),
  username: z.string().trim().min(1, { error: 'Username or identifier is required' }),
  url: z.string().optional(),
  icon: z.string().optional(),
  display_order: z.coerce
    .number({ error: 'Display order must be a number' })
    .min(0, { error: 'Display order must be 0 or more' })
    .transform(Math.floor),
  is_active: z.boolean().optional(),
});
export type LinkFormInput = z.input<typeof linkFormSchema>;
export type LinkFormValues = z.output<typeof linkFormSchema>;

export const linkFormResolver = zodResolver(linkFormSchema);
