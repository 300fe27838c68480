import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { emailField } from '@shared/schemas/auth';
import { emailConfirmBody, passwordChangeBody } from '@shared/schemas/security';
import { words } from '@/lib/i18n';

const t = words('account');

// The server's own schemas (shared/schemas/security.ts), so the messages never differ. Loaded on
// a form's first use (lib/lazy-resolver.ts); the forms import types only.
export const passwordChangeResolver = zodResolver(passwordChangeBody);
export type PasswordChangeInput = z.input<typeof passwordChangeBody>;
export type PasswordChangeValues = z.output<typeof passwordChangeBody>;

const emailStartForm = z.object({
  email: emailField(),
  // Web-only, so translated here, when the message is shown.
  current_password: z.string().min(1, { error: () => t('account.enter_password') }),
});
export const emailStartResolver = zodResolver(emailStartForm);
export type EmailStartInput = z.input<typeof emailStartForm>;
export type EmailStartValues = z.output<typeof emailStartForm>;

export const emailConfirmResolver = zodResolver(emailConfirmBody);
export type EmailConfirmInput = z.input<typeof emailConfirmBody>;
