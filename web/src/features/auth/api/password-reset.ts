import type { ForgotPasswordBody, ResetPasswordBody, VerifyOtpBody } from '@shared/schemas/auth';
import { ApiError, api } from '@/lib/api-client';
import { words } from '@/lib/i18n';

const t = words('auth');

// The three calls of the password reset (docs/product.md §4 and §7). Each throws an Error whose
// message is what the screen shows (docs/product.md §8, Password reset).

type Answer = { success: boolean; message?: string };

/** The server's own message, else the screen's fallback (never a bare HTTP status text). */
const serverMessage = (error: unknown, fallback: string) =>
  (error instanceof ApiError && error.serverMessage) || fallback;

// The screens' own fallbacks, said in the app's language when the call fails (read when it does:
// the words may arrive after this module).
const failed = {
  forgot: () => t('auth.forgot_failed'),
  verify: () => t('auth.verify_failed'),
  reset: () => t('auth.reset_failed'),
};
/** The API's English, compared, never shown translated (docs/decisions/0075). */
export const INVALID_TOKEN = 'Invalid or expired token';

/** POST /v1/auth/forgot-password; a failure reads errors.email, else the fallback. */
export async function requestPasswordReset(body: ForgotPasswordBody, fallback = failed.forgot()) {
  try {
    const answer = await api.post<Answer>('/v1/auth/forgot-password', body);
    if (!answer.success) throw new Error(fallback);
  } catch (error) {
    const emailError = error instanceof ApiError ? error.errors.email?.[0] : undefined;
    throw new Error(emailError ?? fallback, { cause: error });
  }
}

/** POST /v1/auth/verify-otp; answers the single-use reset token. */
export async function verifyOtp(body: VerifyOtpBody): Promise<string> {
  let answer: Answer & { data?: { token?: string } };
  try {
    answer = await api.post('/v1/auth/verify-otp', body);
  } catch (error) {
    throw new Error(serverMessage(error, failed.verify()), { cause: error });
  }
  const token = answer.data?.token;
  if (!answer.success || !token) throw new Error(answer.message || failed.verify());
  return token;
}

/** POST /v1/auth/reset-password. */
export async function resetPassword(body: ResetPasswordBody) {
  let answer: Answer;
  try {
    answer = await api.post('/v1/auth/reset-password', body);
  } catch (error) {
    throw new Error(serverMessage(error, failed.reset()), { cause: error });
  }
  if (!answer.success) throw new Error(answer.message || failed.reset());
}
