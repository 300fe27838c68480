// The browser half of a passkey ceremony (@simplewebauthn/browser), loaded only when someone
// uses a passkey: the sign-in screen and Security import this module lazily.
export {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';

/** Whether the person dismissed the browser's passkey prompt (not an error worth a red message). */
export const isPasskeyCancel = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
