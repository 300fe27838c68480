import type { User } from '@shared/types';
import type * as Ceremonies from './passkey-sign-in';

// The passkey ceremonies (./passkey-sign-in.ts with @simplewebauthn/browser) load on first use,
// outside the sign-in screen's first load: the button's press, or the e-mail field's first focus
// in a browser that can list passkeys among a field's suggestions.

let loaded: typeof Ceremonies | null = null;
const ceremonies = async () => (loaded ??= await import('./passkey-sign-in'));
// Whether the screen still wants the offer once the code has arrived.
let wanted = false;

/** Whether this browser lists passkeys among a field's suggestions (WebAuthn conditional mediation). */
async function offersPasskeysInFields() {
  if (typeof window.PublicKeyCredential !== 'function') return false;
  const { isConditionalMediationAvailable: check } = window.PublicKeyCredential as {
    isConditionalMediationAvailable?: () => Promise<boolean>;
  };
  if (typeof check !== 'function') return false;
  return check.call(window.PublicKeyCredential).catch(() => false);
}

/** Passkeys in the e-mail field's suggestions: the user once one is chosen and verified, else null. */
export async function offerPasskeyAutofill(): Promise<User | null> {
  wanted = true;
  if (!(await offersPasskeysInFields())) return null;
  const loadedNow = await ceremonies();
  return wanted ? loadedNow.offerPasskeyAutofill() : null;
}

/** Ends the offer: one ceremony at a time. */
export function stopPasskeyAutofill() {
  wanted = false;
  loaded?.stopPasskeyAutofill();
}

/** 'Sign in with a passkey' (./passkey-sign-in.ts), in place of an offer still loading. */
export async function signInWithPasskey() {
  wanted = false;
  return (await ceremonies()).signInWithPasskey();
}
