import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordBody, loginBody, registerBody, resetPasswordBody, verifyOtpBody } from '@shared/schemas/auth';

// The sign-in screens' validation: the server's own request schemas, so the messages match. This
// module (zod included) loads on a form's first use (lib/lazy-resolver.ts), outside the screens'
// budgeted first load; the forms import types only.
export const loginResolver = zodResolver(loginBody);
export const registerResolver = zodResolver(registerBody);
export const forgotPasswordResolver = zodResolver(forgotPasswordBody);
export const verifyOtpResolver = zodResolver(verifyOtpBody);
export const resetPasswordResolver = zodResolver(resetPasswordBody);
