import type { ForgotPasswordBody, ResetPasswordBody, VerifyOtpBody } from '@shared/schemas/auth';
import { ApiError, api } from '@/lib/api-client';

// The three calls of the password reset (docs/product.md §4 and §7). Each throws an Error whose
// message is what the screen shows (docs/product.md §8, Password reset).

type Answer = { success: boolean; message?: string };

/** The server's own message, else the screen's fallback (never a bare HTTP status text). */
const serverMessage = (error: unknown, fallback: string) =>
  (error instanceof ApiError && error.serverMessage) || fallback;

export const FORGOT_FAILED = 'Failed to request password reset. Please try again.';
export const RESEND_FAILED = 'Failed to resend verification code. Please try again.';
export const VERIFY_FAILED = 'Failed to verify OTP. Please try again.';
export const RESET_FAILED = 'Failed to reset password. Please try again.';
export const INVALID_TOKEN = 'Invalid or expired token';

/** POST /v1/auth/forgot-password; a failure reads errors.email, else the fallback. */
export async function requestPasswordReset(body: ForgotPasswordBody, fallback = FORGOT_FAILED) {
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
    throw new Error(serverMessage(error, VERIFY_FAILED), { cause: error });
  }
  const token = answer.data?.token;
  if (!answer.success || !token) throw new Error(answer.message || VERIFY_FAILED);
  return token;
}

/** POST /v1/auth/reset-password. */
export async function resetPassword(body: ResetPasswordBody) {
  let answer: Answer;
  try {
    answer = await api.post('/v1/auth/reset-password', body);
  } catch (error) {
    throw new Error(serverMessage(error, RESET_FAILED), { cause: error });
  }
  if (!answer.success) throw new Error(answer.message || RESET_FAILED);
}
