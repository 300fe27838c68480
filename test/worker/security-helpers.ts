import { env } from 'cloudflare:test';
import { totpCode } from '../../worker/lib/totp';
import { expect } from 'vitest';
import { api, ORIGIN } from './helpers';
import { createAuthenticator } from './software-authenticator';

// Set-up for the Security tests: an account with the authenticator-app factor turned on.

export const securityCall = (token: string, method: string, path: string, json?: unknown) =>
  api(`/v1/user/security${path}`, { method, token, json: json ?? (method === 'GET' ? undefined : {}) });

/** A code of the step after now: accepted (the window allows one step) and never used yet. */
export const nextCode = (secret: string, steps = 1) => totpCode(secret, Date.now() + steps * 30_000);

/** Turns on the authenticator-app factor; answers the secret and the recovery codes. */
export async function enableTotp(user: { token: string; password: string }) {
  const setup = await securityCall(user.token, 'POST', '/totp/setup', { current_password: user.password });
  if (setup.status !== 200) throw new Error(`setup answered ${setup.status}: ${JSON.stringify(setup.body)}`);
  const secret = setup.body.data.secret as string;
  const enabled = await securityCall(user.token, 'POST', '/totp/enable', { code: totpCode(secret) });
  if (enabled.status !== 200) throw new Error(`enable answered ${enabled.status}: ${JSON.stringify(enabled.body)}`);
  return { secret, recoveryCodes: enabled.body.data.recovery_codes as string[] };
}

/** Forgets which step was used last, as if the next 30 seconds had passed. */
export const forgetLastStep = (userId: string) =>
  env.DB.prepare('UPDATE totp_factors SET last_step = 0 WHERE user_id = ?').bind(userId).run();

export const passkeyCall = (token: string, method: string, path: string, json?: unknown) =>
  api(`/v1/user/security/passkeys${path}`, { method, token, json });

/** Adds a passkey through the API the way the Security screen does. */
export async function addPasskey(user: { token: string; password: string }, name = 'Work laptop') {
  const authenticator = await createAuthenticator(ORIGIN);
  const options = await passkeyCall(user.token, 'POST', '/options', { current_password: user.password });
  expect(options.status).toBe(200);
  expect(options.body.data).toMatchObject({
    rp: { id: 'card.test', name: 'Cardlink' },
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const response = await authenticator.register(options.body.data);
  const added = await passkeyCall(user.token, 'POST', '', { name, response });
  expect(added.status).toBe(201);
  return { authenticator, passkey: added.body.data as { id: string; name: string } };
}
