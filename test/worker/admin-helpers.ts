import { env } from 'cloudflare:test';
import { api, registerUser } from './helpers';
import { login, post } from './auth-helpers';
import { enableTotp, nextCode } from './security-helpers';

// Set-up for the console's tests: an operator signed in past a second factor, and its calls.

export type Operator = Awaited<ReturnType<typeof signedInAdmin>>;

export const grantAdmin = (id: string) => env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(id).run();

/** An operator signed in with the authenticator app: the only kind the console answers. */
export async function signedInAdmin(overrides: Parameters<typeof registerUser>[0] = {}) {
  const user = await registerUser(overrides);
  await grantAdmin(user.id);
  const { secret } = await enableTotp(user);
  const first = await login(user.email, user.password);
  const done = await post('/v1/auth/login/second-factor', {
    mfa_token: first.body.mfa_token,
    code: await nextCode(secret),
  });
  if (done.status !== 200) throw new Error(`second factor: ${done.status} ${JSON.stringify(done.body)}`);
  return { ...user, token: done.body.token as string };
}

/** POST /v1/admin/<path> as the operator. */
export const act = (admin: { token: string }, path: string, json: unknown = {}) =>
  api(`/v1/admin${path}`, { method: 'POST', token: admin.token, json });

/** GET /v1/admin/<path> as the operator. */
export const read = (admin: { token: string }, path: string) => api(`/v1/admin${path}`, { token: admin.token });

type AuditRow = {
  actor_id: string;
  actor_email: string;
  action: string;
  target_id: string | null;
  target_label: string | null;
  reason: string;
  report_id: number | null;
};

/** The audit rows about one account, oldest first. */
export async function auditOf(targetId: string) {
  const rows = await env.DB.prepare('SELECT * FROM audit_log WHERE target_id = ? ORDER BY id')
    .bind(targetId)
    .all<AuditRow>();
  return rows.results;
}

/** The account's row as the console's actions leave it. */
export const userState = (id: string) =>
  env.DB.prepare('SELECT status, activated_at, deactivated_at FROM users WHERE id = ?')
    .bind(id)
    .first<{ status: string; activated_at: number | null; deactivated_at: number | null }>();

/** A sign-up waiting for activation, as REQUIRE_ACTIVATION leaves it (never signed in). */
export async function pendingSignUp() {
  const id = crypto.randomUUID();
  const username = `signup_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO users (id, email, password_hash, status) VALUES (?, ?, 'unused', 'pending')").bind(
      id,
      `${username}@example.com`,
    ),
    env.DB.prepare('INSERT INTO profiles (user_id, username, name, theme_id, template_id) VALUES (?, ?, ?, 1, 1)').bind(
      id,
      username,
      'New Sign-up',
    ),
  ]);
  return { id, username, email: `${username}@example.com` };
}
