import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { clientKey } from '../../../worker/lib/client-key';
import { api, clientHeaders, clientIp, registerUser } from '../helpers';
import { addPasskey } from '../security-helpers';

// Passkeys offered among the sign-in field's suggestions (docs/decisions/0076-passkey-autofill.md):
// `POST /v1/auth/passkey/options?mediation=conditional` is counted apart from the button's
// ceremonies, 60 per client per 15 minutes, so a shared network's sign-in visits never cost
// anyone the button.

const options = (ip: string, query = '') =>
  api(`/v1/auth/passkey/options${query}`, { method: 'POST', json: {}, headers: clientHeaders(ip) });

/** The attempts one client has of one kind. */
async function attemptsOf(ip: string, kind: string) {
  const subject = await clientKey(env, new Request('https://card.test/', { headers: clientHeaders(ip) }));
  const row = await env.DB.prepare('SELECT count(*) AS n FROM auth_attempts WHERE kind = ?1 AND subject = ?2')
    .bind(kind, subject)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe('passkey autofill options', { timeout: 60_000 }, () => {
  it('signs in with a challenge offered for the suggestions, as with the button', async () => {
    const [user, other] = await Promise.all([registerUser(), registerUser()]);
    const { authenticator } = await addPasskey(user);
    const { authenticator: othersAuthenticator } = await addPasskey(other);
    const ip = clientIp();
    const offered = await options(ip, '?mediation=conditional');
    expect(offered.status).toBe(200);
    const response = await authenticator.signIn(offered.body.data);
    const res = await api('/v1/auth/passkey/verify', {
      method: 'POST',
      json: { response },
      headers: clientHeaders(ip),
    });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(user.email);
    expect(await attemptsOf(ip, 'passkey_autofill_client')).toBe(1);
    expect(await attemptsOf(ip, 'passkey_options_client')).toBe(0);
    // The suggestion the other account picks signs in that account, not the first.
    const again = await options(ip, '?mediation=conditional');
    const theirs = await api('/v1/auth/passkey/verify', {
      method: 'POST',
      json: { response: await othersAuthenticator.signIn(again.body.data) },
      headers: clientHeaders(ip),
    });
    expect(theirs.status).toBe(200);
    expect(theirs.body.user.email).toBe(other.email);
    expect(theirs.body.user.email).not.toBe(user.email);
  });

  it('bounds the offers one client starts at 60 per 15 minutes, and they never cost the button', async () => {
    const ip = clientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await options(ip, '?mediation=conditional')).status);
    expect(statuses).toEqual([...Array(60).fill(200), 429]);
    const refused = await options(ip, '?mediation=conditional');
    expect(refused.body.message).toBe('Too many passkey sign-ins started. Please try again in 15 minutes.');
    expect(await attemptsOf(ip, 'passkey_autofill_client')).toBe(60);
    // The button's ceremonies from the same network are all still there.
    expect((await options(ip)).status).toBe(200);
    expect(await attemptsOf(ip, 'passkey_options_client')).toBe(1);
    // Another client is counted apart: the first one's 60 cost it nothing.
    const elsewhere = clientIp();
    expect((await options(elsewhere, '?mediation=conditional')).status).toBe(200);
    expect(await attemptsOf(elsewhere, 'passkey_autofill_client')).toBe(1);
  });

  it('refuses another mediation with a 422 and counts nothing', async () => {
    const ip = clientIp();
    for (const query of ['?mediation=modal', '?mediation=']) {
      const res = await options(ip, query);
      expect(res.status).toBe(422);
      expect(res.body.errors.mediation).toEqual(['Mediation must be conditional when given']);
    }
    expect(await attemptsOf(ip, 'passkey_autofill_client')).toBe(0);
    expect(await attemptsOf(ip, 'passkey_options_client')).toBe(0);
  });
});
