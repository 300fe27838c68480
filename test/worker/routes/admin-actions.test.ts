import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DEACTIVATED_MESSAGE, PENDING_ACTIVATION_MESSAGE } from '../../../worker/services/account-standing';
import { REJECT_ONLY_SIGNUPS } from '../../../worker/services/admin/actions';
import { api, registerUser } from '../helpers';
import { login, profileWith } from '../auth-helpers';
import { act, auditOf, pendingSignUp, read, signedInAdmin, userState } from '../admin-helpers';

const AUDIT_REASON = 'Say why; the audit log keeps the reason';

describe('the console’s actions on accounts', { timeout: 60_000 }, () => {
  it('activates a sign-up and rejects another, which is deleted; each keeps its reason in the audit', async () => {
    const admin = await signedInAdmin();
    const waiting = await pendingSignUp();
    const spam = await pendingSignUp();
    const pending = await read(admin, '/accounts?state=pending');
    const ids = pending.body.data.accounts.map((a: { id: string }) => a.id);
    expect(ids).toEqual(expect.arrayContaining([waiting.id, spam.id]));
    expect(pending.body.data.accounts.every((a: { state: string }) => a.state === 'pending')).toBe(true);

    expect((await act(admin, `/accounts/${waiting.id}/activate`)).status).toBe(200);
    expect((await userState(waiting.id))?.activated_at).toEqual(expect.any(Number));
    const rejected = await act(admin, `/accounts/${spam.id}/reject`, { reason: 'Spam sign-up' });
    expect(rejected.body).toEqual({ success: true, message: 'The sign-up was rejected and deleted.' });
    expect(await env.DB.prepare('SELECT id FROM users WHERE id = ?').bind(spam.id).first()).toBeNull();
    expect(await auditOf(spam.id)).toEqual([
      expect.objectContaining({
        actor_id: admin.id,
        action: 'reject',
        target_label: spam.username,
        reason: 'Spam sign-up',
      }),
    ]);
  });

  it('refuses to reject an account that was ever active, and changes nothing', async () => {
    const admin = await signedInAdmin();
    // Active; deactivated by an operator; and (from before activations were recorded) pending but once signed in.
    const active = await registerUser();
    const deactivated = await registerUser();
    expect((await act(admin, `/accounts/${deactivated.id}/deactivate`, { reason: 'Spam links' })).status).toBe(200);
    const legacy = await registerUser();
    await env.DB.prepare("UPDATE users SET status = 'pending', activated_at = NULL WHERE id = ?").bind(legacy.id).run();
    for (const who of [active, deactivated, legacy]) {
      const before = await auditOf(who.id);
      const res = await act(admin, `/accounts/${who.id}/reject`, { reason: 'Looks like spam' });
      expect(res.status, who.email).toBe(409);
      expect(res.body.message).toBe(REJECT_ONLY_SIGNUPS);
      expect(await env.DB.prepare('SELECT id FROM users WHERE id = ?').bind(who.id).first()).not.toBeNull();
      expect(await auditOf(who.id)).toEqual(before);
    }
    // The console lists the deactivated one as deactivated, not as a sign-up.
    const listed = await read(admin, `/accounts?q=${encodeURIComponent(deactivated.email)}`);
    expect(listed.body.data.accounts[0]).toMatchObject({ state: 'deactivated', deactivated_at: expect.any(String) });
    const pending = await read(admin, `/accounts?state=pending&q=${encodeURIComponent(deactivated.email)}`);
    expect(pending.body.data.total).toBe(0);
    // A search sent twice is a list: refused in plain words, not in the validator's.
    const twice = await read(admin, '/accounts?q=a&q=b');
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ q: ['Search must be text, given once'] });
  });

  it('refuses every destructive action without a reason (422, field message), changing nothing', async () => {
    const admin = await signedInAdmin();
    const owner = await registerUser();
    const signUp = await pendingSignUp();
    const cases: [string, string][] = [
      [`/accounts/${owner.id}/deactivate`, AUDIT_REASON],
      [`/accounts/${signUp.id}/reject`, AUDIT_REASON],
      [`/accounts/${owner.id}/takedown`, 'Say why the card is taken down; its owner will see it'],
      [`/accounts/${owner.id}/reset-2fa`, AUDIT_REASON],
    ];
    for (const [path, message] of cases) {
      for (const body of [{}, { reason: '' }, { reason: '  ' }]) {
        const res = await act(admin, path, body);
        expect(res.status, path).toBe(422);
        expect(res.body.errors, path).toEqual({ reason: [message] });
      }
    }
    expect(await userState(owner.id)).toMatchObject({ status: 'active', deactivated_at: null });
    expect(await userState(signUp.id)).toMatchObject({ status: 'pending' });
    expect((await api(`/p/${owner.username}`)).status).toBe(200);
    expect(await auditOf(owner.id)).toEqual([]);
    expect(await auditOf(signUp.id)).toEqual([]);
  });

  it('offers nothing on the operator’s own account: every action is refused (403)', async () => {
    const admin = await signedInAdmin();
    for (const [action, body] of [
      ['deactivate', { reason: 'Testing' }],
      ['reject', { reason: 'Testing' }],
      ['takedown', { reason: 'Testing' }],
      ['reset-2fa', { reason: 'Testing' }],
      ['activate', {}],
      ['restore', {}],
    ] as const) {
      const res = await act(admin, `/accounts/${admin.id}/${action}`, body);
      expect(res.status, action).toBe(403);
      expect(res.body.message).toBe('You cannot do this to your own account.');
    }
    expect(await auditOf(admin.id)).toEqual([]);
    expect((await read(admin, '/accounts')).status).toBe(200);
  });

  it('deactivates: signed out, told at sign-in that the account is deactivated; activating lets it back in', async () => {
    const admin = await signedInAdmin();
    const owner = await registerUser();
    const res = await act(admin, `/accounts/${owner.id}/deactivate`, { reason: 'spam links' });
    expect(res.body.message).toBe('The account is deactivated: signed out everywhere, its card offline.');
    const session = await profileWith(owner.token);
    expect(session.status).toBe(401);
    expect(session.body.message).toBe(DEACTIVATED_MESSAGE);
    const signIn = await login(owner.email, owner.password);
    expect(signIn.status).toBe(403);
    expect(signIn.body).toEqual({ success: false, message: DEACTIVATED_MESSAGE });
    expect((await api(`/p/${owner.username}`)).status).toBe(404);
    // Deactivating twice is refused; a sign-up still hears that it is pending.
    expect((await act(admin, `/accounts/${owner.id}/deactivate`, { reason: 'again' })).status).toBe(409);
    expect((await act(admin, `/accounts/${owner.id}/activate`)).status).toBe(200);
    expect((await login(owner.email, owner.password)).status).toBe(200);
    expect(await userState(owner.id)).toMatchObject({ status: 'active', deactivated_at: null });
    expect((await auditOf(owner.id)).map((row) => [row.action, row.reason])).toEqual([
      ['deactivate', 'spam links'],
      ['activate', ''],
    ]);
  });

  it('still tells a sign-up waiting for activation that it is pending', async () => {
    const account = { email: `wait_${Date.now()}@example.com`, password: 'lantern-42-orbit' };
    const user = await registerUser(account);
    await env.DB.prepare("UPDATE users SET status = 'pending', activated_at = NULL WHERE id = ?").bind(user.id).run();
    expect((await login(account.email, account.password)).body.message).toBe(PENDING_ACTIVATION_MESSAGE);
  });

  it('takes a card down and restores it, refusing a second takedown and a restore of a live card', async () => {
    const admin = await signedInAdmin();
    const owner = await registerUser();
    expect((await act(admin, `/accounts/${owner.id}/restore`)).status).toBe(409);
    expect((await act(admin, `/accounts/${owner.id}/takedown`, { reason: 'Impersonates a bank' })).status).toBe(200);
    expect((await api(`/p/${owner.username}`)).status).toBe(404);
    const mine = await api('/v1/user/profile', { token: owner.token });
    expect(mine.body.data.takedown).toMatchObject({ reason: 'Impersonates a bank' });
    expect((await act(admin, `/accounts/${owner.id}/takedown`, { reason: 'Again' })).status).toBe(409);
    const listed = await read(admin, `/accounts?state=taken_down&q=${encodeURIComponent(owner.email)}`);
    expect(listed.body.data.accounts[0]).toMatchObject({ state: 'taken_down', takedown_reason: 'Impersonates a bank' });
    expect((await act(admin, `/accounts/${owner.id}/restore`, { reason: 'Appeal upheld' })).status).toBe(200);
    expect((await api(`/p/${owner.username}`)).status).toBe(200);
    expect((await auditOf(owner.id)).map((row) => row.action)).toEqual(['takedown', 'restore']);
  });

  it('answers 404 for an unknown account, changing nothing', async () => {
    const admin = await signedInAdmin();
    const missing = await act(admin, `/accounts/${crypto.randomUUID()}/activate`);
    expect(missing.status).toBe(404);
    expect((await act(admin, '/accounts/not-a-uuid/deactivate', { reason: 'spam' })).status).toBe(404);
  });
});
