import { CHALLENGE_TTL_MS } from '@shared/constants';
import type { AuthResponse, User } from '@shared/types';
import { api, errorMessage } from '@/lib/api-client';
import { acceptAuth } from '@/lib/auth';
import { authStore } from '@/lib/auth-store';
import type * as WebauthnModule from '@/lib/webauthn';

type Webauthn = typeof WebauthnModule;
type SignInOptions = Parameters<Webauthn['startAuthentication']>[0]['optionsJSON'];
type Assertion = Awaited<ReturnType<Webauthn['startAuthentication']>>;

export const PASSKEY_SIGN_IN_FAILED = 'Sign-in with this passkey failed. Please try again or use your password.';

// Passkey sign-in, from the button or from the e-mail field's suggestions (WebAuthn conditional
// mediation), one ceremony at a time (docs/decisions/0075-passkey-autofill.md). Each set of
// options costs a challenge row and one of the client's 30 ceremonies per 15 minutes, so the
// suggestions are asked for on the e-mail field's first focus, not on load, and a challenge they
// asked for and never used is handed to the button instead of storing another.

/** The running offer of passkeys in the e-mail field: stopped by the button, the form or leaving. */
type Offer = { stopped: boolean; options: SignInOptions | null; webauthn: Webauthn | null };
let offer: Offer | null = null;
// An unused challenge, while it leaves the prompt (60 s by default) time before the server forgets it.
let spare: { options: SignInOptions; until: number } | null = null;
const SPARE_MARGIN_MS = 2 * 60_000;

const takeSpare = () => {
  const kept = spare;
  spare = null;
  return kept && kept.until > Date.now() ? kept.options : null;
};

const askOptions = async () => (await api.post<{ data: SignInOptions }>('/v1/auth/passkey/options')).data;

async function verify(response: Assertion): Promise<User> {
  const body = await api.post<AuthResponse>('/v1/auth/passkey/verify', { response });
  return acceptAuth(body, 'Login failed');
}

/** The server's check of a chosen passkey; a refusal is said as the button says it. */
async function finish(response: Assertion): Promise<User | null> {
  try {
    return await verify(response);
  } catch (error) {
    authStore.setAuthError(errorMessage(error, PASSKEY_SIGN_IN_FAILED));
    return null;
  }
}

/** Whether this browser can offer passkeys among a field's suggestions. */
async function offersPasskeysInFields() {
  if (typeof window.PublicKeyCredential !== 'function') return false;
  const check = (window.PublicKeyCredential as { isConditionalMediationAvailable?: () => Promise<boolean> })
    .isConditionalMediationAvailable;
  return typeof check === 'function' ? await check.call(window.PublicKeyCredential).catch(() => false) : false;
}

/**
 * Lets the browser list this site's passkeys in the e-mail field (`autocomplete="username
 * webauthn"`). Answers the user once one was chosen and verified; null, quietly, when the browser
 * cannot, the offer was stopped, or anything failed before a passkey was chosen.
 */
export async function offerPasskeyAutofill(): Promise<User | null> {
  if (offer) return null;
  const current: Offer = (offer = { stopped: false, options: null, webauthn: null });
  let response: Assertion;
  try {
    if (!(await offersPasskeysInFields()) || current.stopped) return null;
    current.webauthn = await import('@/lib/webauthn');
    if (current.stopped) return null;
    const options = takeSpare() ?? (await askOptions());
    current.options = options;
    if (current.stopped) {
      spare = { options, until: Date.now() + CHALLENGE_TTL_MS - SPARE_MARGIN_MS };
      return null;
    }
    response = await current.webauthn.startAuthentication({ optionsJSON: options, useBrowserAutofill: true });
  } catch {
    // Stopped, dismissed, refused (too many ceremonies) or offline: the form and the button remain.
    return null;
  } finally {
    if (offer === current) offer = null;
  }
  return finish(response);
}

/** Ends the offer (the button starts its own ceremony, or the password is being sent). */
export function stopPasskeyAutofill() {
  const current = offer;
  if (!current) return;
  offer = null;
  current.stopped = true;
  if (current.options) spare = { options: current.options, until: Date.now() + CHALLENGE_TTL_MS - SPARE_MARGIN_MS };
  current.webauthn?.WebAuthnAbortService.cancelCeremony();
}

/**
 * 'Sign in with a passkey': the server's challenge, the browser's prompt, the server's check.
 * Answers the user, or null when the person dismissed the prompt or the sign-in failed (said).
 */
export async function signInWithPasskey(): Promise<User | null> {
  stopPasskeyAutofill();
  authStore.setAuthError(null);
  const webauthn = await import('@/lib/webauthn');
  let response: Assertion;
  try {
    const optionsJSON = takeSpare() ?? (await askOptions());
    response = await webauthn.startAuthentication({ optionsJSON });
  } catch (error) {
    if (!webauthn.isPasskeyCancel(error)) authStore.setAuthError(errorMessage(error, PASSKEY_SIGN_IN_FAILED));
    return null;
  }
  return finish(response);
}

/** Forgets an unused challenge (for tests: the module outlives a screen). */
export const forgetSpareChallenge = () => {
  spare = null;
};
