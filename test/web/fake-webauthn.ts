import { onTestFinished, vi } from 'vitest';

// The browser's side of WebAuthn (navigator.credentials and the authenticator behind it), which
// happy-dom does not have: each request waits until the test picks a passkey or dismisses it,
// and ends with an AbortError when its signal is aborted, as browsers do.

export type CredentialRequest = {
  mediation: string | undefined;
  /** The challenge the server issued, as the app passed it on, read as text ('challenge-1'). */
  challenge: string;
  signal: AbortSignal;
  /** The person picks the passkey 'passkey-1'. */
  choose: () => void;
  /** The person closes the prompt (NotAllowedError). */
  dismiss: () => void;
};

const base64url = (bytes: ArrayBuffer) => Buffer.from(bytes).toString('base64url');
const bytesOf = (text: string) => new TextEncoder().encode(text).buffer;

/**
 * A browser with passkeys; `conditional: false` one that cannot list them among a field's
 * suggestions, `conditional: 'unknown'` one that predates `isConditionalMediationAvailable`.
 */
export function fakeWebAuthn({ conditional = true as boolean | 'unknown' } = {}) {
  const requests: CredentialRequest[] = [];
  const PublicKeyCredential = function PublicKeyCredential() {} as unknown as Record<string, unknown>;
  if (conditional !== 'unknown')
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(conditional);
  vi.stubGlobal('PublicKeyCredential', PublicKeyCredential);
  const get = (options: CredentialRequestOptions & { mediation?: string }) =>
    new Promise((resolve, reject) => {
      const challenge = options.publicKey!.challenge as ArrayBuffer;
      const signal = options.signal!;
      signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      const credential = {
        id: 'passkey-1',
        rawId: bytesOf('passkey-1'),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        response: {
          authenticatorData: bytesOf('authenticator-data'),
          clientDataJSON: bytesOf(
            JSON.stringify({ type: 'webauthn.get', challenge: base64url(challenge), origin: location.origin }),
          ),
          signature: bytesOf('signature'),
          userHandle: bytesOf('u1'),
        },
        getClientExtensionResults: () => ({}),
      };
      requests.push({
        mediation: options.mediation,
        challenge: Buffer.from(challenge).toString(),
        signal,
        choose: () => resolve(credential),
        dismiss: () =>
          reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')),
      });
    });
  Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true });
  // Gone with the test that made it: the next file may share this window (vitest.config.ts).
  onTestFinished(() => {
    delete (navigator as { credentials?: unknown }).credentials;
  });
  return { requests };
}
