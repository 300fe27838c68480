import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { registerUser } from '../helpers';
import { login, outbox } from '../auth-helpers';
import { act, auditOf, read, signedInAdmin } from '../admin-helpers';
import { enableTotp } from '../security-helpers';

const SUBJECT = 'Two-factor sign-in was turned off on your Cardlink account';

describe('an operator resets a lost second factor', { timeout: 60_000 }, () => {
  it('turns the app and its recovery codes off, audits it and mails the owner', async () => {
    const admin = await signedInAdmin();
    const owner = await registerUser();
    await enableTotp(owner);
    expect((await login(owner.email, owner.password)).body.mfa_token).toEqual(expect.any(String));
    const listed = await read(admin, `/accounts?q=${encodeURIComponent(owner.email)}`);
    expect(listed.body.data.accounts[0].two_factor).toEqual({ app: true, passkeys: 0 });

    const res = await act(admin, `/accounts/${owner.id}/reset-2fa`, { reason: 'Lost phone; ID checked on a call' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Two-factor sign-in is off for this account; its owner was mailed.');

    // The password alone signs in now; the recovery codes are gone with the app.
    const signIn = await login(owner.email, owner.password);
    expect(signIn.status).toBe(200);
    expect(signIn.body.token).toEqual(expect.any(String));
    expect(signIn.body.mfa_token).toBeUndefined();
    const codes = await env.DB.prepare('SELECT count(*) AS n FROM recovery_codes WHERE user_id = ?')
      .bind(owner.id)
      .first<{ n: number }>();
    expect(codes?.n).toBe(0);

    expect(await auditOf(owner.id)).toEqual([
      expect.objectContaining({
        actor_id: admin.id,
        actor_email: admin.email,
        action: 'reset_2fa',
        target_label: owner.username,
        reason: 'Lost phone; ID checked on a call',
      }),
    ]);
    const [mail] = await outbox(owner.email);
    expect(mail).toMatchObject({ to: owner.email, subject: SUBJECT });
    expect(mail?.text).toContain('If you did not ask for this, change your password now and contact support');
    const after = await read(admin, `/accounts?q=${encodeURIComponent(owner.email)}`);
    expect(after.body.data.accounts[0].two_factor).toEqual({ app: false, passkeys: 0 });
  });

  it('refuses an account without an authenticator app (409) and a missing reason (422), mailing nobody', async () => {
    const admin = await signedInAdmin();
    const owner = await registerUser();
    const none = await act(admin, `/accounts/${owner.id}/reset-2fa`, { reason: 'Lost phone' });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('This account has no authenticator app to reset.');
    await enableTotp(owner);
    const bare = await act(admin, `/accounts/${owner.id}/reset-2fa`, { reason: 'x' });
    expect(bare.status).toBe(422);
    expect((await login(owner.email, owner.password)).body.mfa_token).toEqual(expect.any(String));
    expect(await auditOf(owner.id)).toEqual([]);
    expect((await outbox(owner.email)).filter((mail) => mail.subject === SUBJECT)).toEqual([]);
  });
});
