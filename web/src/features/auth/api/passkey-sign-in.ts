import { CHALLENGE_TTL_MS } from '@shared/constants';
import type { AuthResponse, User } from '@shared/types';
import { api, errorMessage } from '@/lib/api-client';
import { acceptAuth } from '@/lib/auth';
import { authStore } from '@/lib/auth-store';
import { words } from '@/lib/i18n';
import { isPasskeyCancel, startAuthentication, WebAuthnAbortService } from '@/lib/webauthn';

type SignInOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];
type Assertion = Awaited<ReturnType<typeof startAuthentication>>;

const t = words('auth');
const tLogin = words('login');

// Passkey sign-in, from the button or from the e-mail field's suggestions (WebAuthn conditional
// mediation), one ceremony at a time (docs/decisions/0076-passkey-autofill.md). Loaded on first
// use (./passkeys-on-demand.ts). Each set of options costs a challenge row and one of the
// client's 30 ceremonies per 15 minutes, so a challenge the suggestions asked for and never used
// is handed to the button instead of storing another.

/**
 * The running offer of passkeys in the e-mail field: ended by the button, the form or leaving,
 * which makes it no longer `offer`.
 */
type Offer = { options: SignInOptions | null };
let offer: Offer | null = null;
// An unused challenge, while it leaves the prompt (60 s by default) time before the server forgets it.
let spare: { options: SignInOptions; until: number } | null = null;
const SPARE_MARGIN_MS = 2 * 60_000;

const keep = (options: SignInOptions) => {
  spare = { options, until: Date.now() + CHALLENGE_TTL_MS - SPARE_MARGIN_MS };
};

const takeSpare = () => {
  const kept = spare;
  spare = null;
  return kept && kept.until > Date.now() ? kept.options : null;
};

/** New options; the field's offers are counted apart from the button's ceremonies (a 429 of their own). */
const askOptions = async (mediation?: 'conditional') =>
  (await api.post<{ data: SignInOptions }>(`/v1/auth/passkey/options${mediation ? `?mediation=${mediation}` : ''}`))
    .data;

/** The server's check of a chosen passkey; a refusal is said as the button says it. */
async function finish(response: Assertion): Promise<User | null> {
  try {
    const body = await api.post<AuthResponse>('/v1/auth/passkey/verify', { response });
    return acceptAuth(body, t('auth.login_failed'));
  } catch (error) {
    authStore.setAuthError(errorMessage(error, tLogin('login.passkey_failed')));
    return null;
  }
}

/**
 * Lets the browser list this site's passkeys in the e-mail field (`autocomplete="username
 * webauthn"`); the caller has checked that it can. Answers the user once one was chosen and
 * verified; null, quietly, when the offer was ended or anything failed before a passkey was chosen.
 */
export async function offerPasskeyAutofill(): Promise<User | null> {
  if (offer) return null;
  const current: Offer = (offer = { options: null });
  let response: Assertion;
  try {
    const options = takeSpare() ?? (await askOptions('conditional'));
    if (offer !== current) {
      keep(options);
      return null;
    }
    current.options = options;
    response = await startAuthentication({ optionsJSON: options, useBrowserAutofill: true });
  } catch {
    // Ended, dismissed, refused (too many ceremonies) or offline: the form and the button remain.
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
  if (current.options) {
    keep(current.options);
    WebAuthnAbortService.cancelCeremony();
  }
}

/**
 * 'Sign in with a passkey': the server's challenge, the browser's prompt, the server's check.
 * Answers the user, or null when the person dismissed the prompt or the sign-in failed (said).
 */
export async function signInWithPasskey(): Promise<User | null> {
  stopPasskeyAutofill();
  authStore.setAuthError(null);
  let response: Assertion;
  try {
    response = await startAuthentication({ optionsJSON: takeSpare() ?? (await askOptions()) });
  } catch (error) {
    if (!isPasskeyCancel(error)) authStore.setAuthError(errorMessage(error, tLogin('login.passkey_failed')));
    return null;
  }
  return finish(response);
}

/** Forgets an unused challenge (for tests: the module outlives a screen). */
export const forgetSpareChallenge = () => {
  spare = null;
};
