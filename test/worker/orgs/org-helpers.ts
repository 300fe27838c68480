import { env } from 'cloudflare:test';
import { api, registerUser } from '../helpers';

export type Account = Awaited<ReturnType<typeof registerUser>>;

let made = 0;
/** A fresh organisation owned by a fresh account. */
export async function newOrg(owner?: Account) {
  const who = owner ?? (await registerUser());
  const slug = `org-${Date.now().toString(36)}-${(made++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const res = await api('/v1/orgs', { method: 'POST', token: who.token, json: { name: 'Acme Ltd', slug } });
  if (res.status !== 201) throw new Error(`org not made: ${res.status} ${JSON.stringify(res.body)}`);
  return { owner: who, id: res.body.data.id as string, slug };
}

/** Invites the account by e-mail and claims the invitation with the token its mail carried. */
export async function joinAs(orgId: string, admin: Account, member: Account) {
  const invited = await api(`/v1/orgs/${orgId}/invitations`, {
    method: 'POST',
    token: admin.token,
    json: { emails: [member.email] },
  });
  if (invited.status !== 201) throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  const token = await inviteToken(member.email);
  const claimed = await api('/v1/orgs/invitations/claim', { method: 'POST', token: member.token, json: { token } });
  if (claimed.status !== 200) throw new Error(`claim failed: ${claimed.status} ${JSON.stringify(claimed.body)}`);
  const card = await env.DB.prepare('SELECT id, username FROM cards WHERE org_id = ? AND user_id = ?')
    .bind(orgId, member.id)
    .first<{ id: string; username: string }>();
  return card!;
}

/** A fresh organisation, a member who claimed a work card in it, and `template` saved over it. */
export async function memberUnderTemplate(template: Record<string, unknown>) {
  const org = await newOrg();
  const member = await registerUser();
  const card = await joinAs(org.id, org.owner, member);
  const saved = await api(`/v1/orgs/${org.id}/template`, { method: 'PUT', token: org.owner.token, json: template });
  if (saved.status !== 200) throw new Error(`template not saved: ${saved.status} ${JSON.stringify(saved.body)}`);
  return { org, member, card };
}

/** The secret of the newest invitation mail to the address, from the development outbox. */
export async function inviteToken(email: string) {
  const res = await api(`/v1/dev/mail?to=${encodeURIComponent(email)}`);
  const mail = (res.body.data as { text: string }[])[0];
  const match = /claim\?token=([\w-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no invitation mail to ${email}`);
  return match[1]!;
}

/** Every row an organisation has, to compare before and after a refused request. */
export async function orgRows(orgId: string) {
  const read = (sql: string) =>
    env.DB.prepare(sql)
      .bind(orgId)
      .all()
      .then((r) => r.results);
  return {
    org: await read('SELECT * FROM organisations WHERE id = ?'),
    members: await read('SELECT * FROM org_members WHERE org_id = ? ORDER BY user_id'),
    invitations: await read('SELECT * FROM org_invitations WHERE org_id = ? ORDER BY id'),
    cards: await read('SELECT * FROM cards WHERE org_id = ? ORDER BY id'),
    audit: await read('SELECT count(*) AS n FROM org_audit WHERE org_id = ?'),
  };
}
