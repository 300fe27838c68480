import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { linkBody } from '@shared/schemas/links';
import { singleLine } from '@shared/schemas/text';
import { SCHEDULE_ORDER_MESSAGE } from '@shared/link-schedule';
import { words } from '@/lib/i18n';
import { buildUrl } from './link-form';

// Loaded on the form's first use (see lib/lazy-resolver.ts); the form imports types only. The
// web-only message is said in the app's language when it is shown.
const t = words('links');

/**
 * The link form of docs/product.md §5: the username (or identifier, or URL) is required; the title is
 * not (decision 74: an empty one becomes the platform's name or the address's host), display_order
 * is coerced to an integer of at least 0; url, icon and is_active are optional. The url the server
 * receives is built from the platform's template (docs/product.md §4, Links). Title, icon, order
 * and the built url are checked by the request schema POST /v1/user/links itself uses
 * (shared/schemas/links.ts), so the form shows the server's messages and limits before it sends.
 */
export const linkFormSchema = z
  .object({
    // An empty title is filled in when the link is sent (toLinkPayload), so only its length is
    // checked here; one of invisible characters alone (shared/schemas/text.ts) is as empty.
    title: z.preprocess(
      (value) => (typeof value === 'string' && singleLine(value).trim() === '' ? '' : value),
      z
        .union([z.literal(''), linkBody.shape.title])
        .optional()
        .default(''),
    ),
    platformId: z.string(),
    username: z
      .string()
      .trim()
      .min(1, { error: () => t('links.username_required') }),
    url: z.string().optional(),
    icon: linkBody.shape.icon.unwrap().unwrap().optional(),
    display_order: linkBody.shape.display_order.unwrap(),
    is_active: z.boolean().optional(),
    display: z.enum(['button', 'icon', 'player']).optional(),
    /** datetime-local values, in this browser's time zone (lib/link-schedule.ts). */
    starts_at: z.string().optional(),
    ends_at: z.string().optional(),
    highlight: z.boolean().optional(),
    sensitive: z.boolean().optional(),
  })
  .superRefine((values, ctx) => {
    if (values.starts_at && values.ends_at && new Date(values.ends_at) <= new Date(values.starts_at))
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: SCHEDULE_ORDER_MESSAGE });
    // The url is typed in the username field: its errors are shown there.
    if (values.username === '') return;
    const url = linkBody.shape.url.safeParse(buildUrl(values.platformId, values.username));
    const message = url.error?.issues[0]?.message;
    if (message) ctx.addIssue({ code: 'custom', path: ['username'], message });
  });
export type LinkFormInput = z.input<typeof linkFormSchema>;
export type LinkFormValues = z.output<typeof linkFormSchema>;

export const linkFormResolver = zodResolver(linkFormSchema);
