import {
  createExecutionContext,
  createMessageBatch,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, registerUser } from '../helpers';
import { inviteToken, newOrg, orgRows } from './org-helpers';
import { createDb } from '../../../worker/db/client';
import { randomToken, sha256 } from '../../../worker/lib/hashing';
import { loadLanguage } from '../../../worker/lib/i18n';
import { createMailer } from '../../../worker/lib/mailer';
import { accountLanguageOf } from '../../../worker/services/account-language';
import { outboxMailer } from '../../../worker/services/dev-outbox';
import {
  INVITATIONS_PER_TURN,
  MAILED_IN_REQUEST,
  runInvitationMessages,
  sendOwedInvitations,
} from '../../../worker/services/orgs/invitation-mail';
import { invite } from '../../../worker/services/orgs/invitations';
import { WEBHOOK_QUEUE } from '../../../worker/jobs';
import worker from '../../../worker/index';
import type { Bindings } from '../../../worker/env';
import { organisations } from '../../../worker/db/schema/orgs';
import { eq } from 'drizzle-orm';

// Inviting (docs/product.md §2, Organisations): by e-mail, by a CSV file checked in full before
// anything is sent, and by a link an admin can turn off.

const mails = async (emails: string[]) => {
  let n = 0;
  for (let i = 0; i < emails.length; i += 90) {
    const chunk = emails.slice(i, i + 90);
    const row = await env.DB.prepare(
      `SELECT count(*) AS n FROM dev_mail WHERE "to" IN (${chunk.map(() => '?').join(',')})`,
    )
      .bind(...chunk)
      .first<{ n: number }>();
    n += row!.n;
  }
  return n;
};

const csvOf = (rows: string[][]) => rows.map((row) => row.join(',')).join('\r\n');

/** Addresses among these that got more than one mail. */
const mailedTwice = async (emails: string[]) => {
  let n = 0;
  for (let i = 0; i < emails.length; i += 90) {
    const chunk = emails.slice(i, i + 90);
    const row = await env.DB.prepare(
      `SELECT count(*) AS n FROM (SELECT "to" FROM dev_mail WHERE "to" IN (${chunk.map(() => '?').join(',')}) GROUP BY "to" HAVING count(*) > 1)`,
    )
      .bind(...chunk)
      .first<{ n: number }>();
    n += row!.n;
  }
  return n;
};

const owedOf = async (orgId: string) =>
  (await env.DB.prepare(
    "SELECT count(*) AS n FROM org_invitations WHERE org_id = ? AND status = 'pending' AND sent_at IS NULL",
  )
    .bind(orgId)
    .first<{ n: number }>())!.n;

/**
 * The cron's turns, as jobs.ts runs them, until the organisation owes no mail: its rows made ten
 * minutes ago (so other files' rows, just made and still being sent by their requests, are not
 * this test's to send). Answers the turns taken.
 */
async function turnsUntilSent(orgId: string) {
  await env.DB.prepare('UPDATE org_invitations SET updated_at = updated_at - 600000 WHERE org_id = ?')
    .bind(orgId)
    .run();
  const db = createDb(env.DB);
  const tools = { loadLanguage, randomToken, sha256, accountLanguageOf };
  let turns = 0;
  while ((await owedOf(orgId)) > 0 && turns < 100) {
    const sent = await sendOwedInvitations(db, createMailer(env, outboxMailer(db)), tools, Date.now());
    expect(sent).toBeLessThanOrEqual(INVITATIONS_PER_TURN);
    turns += 1;
  }
  return turns;
}

/** Waits until these addresses have `count` mails between them (the queue's consumer sends them); answers the ms it took. */
async function mailedWithin(emails: string[], count: number, timeoutMs = 90_000) {
  const started = Date.now();
  for (;;) {
    const n = await mails(emails);
    if (n >= count) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`${n} of ${count} mails after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Longer than the queue's batch timeout (wrangler.toml): a message queued by now has been consumed. */
const queueSettles = () => new Promise((resolve) => setTimeout(resolve, 3_000));

const invitationIds = async (orgId: string) =>
  (
    await env.DB.prepare('SELECT id FROM org_invitations WHERE org_id = ? ORDER BY id')
      .bind(orgId)
      .all<{ id: string }>()
  ).results.map((row) => row.id);

/** The Worker's queue handler given these messages on the webhook queue, as Cloudflare would; answers what it acknowledged. */
async function consume(ids: string[]) {
  const batch = createMessageBatch(
    WEBHOOK_QUEUE,
    ids.map((invitation) => ({ id: crypto.randomUUID(), timestamp: new Date(), attempts: 2, body: { invitation } })),
  );
  const ctx = createExecutionContext();
  await worker.queue!(batch, env, ctx);
  await waitOnExecutionContext(ctx);
  return getQueueResult(batch, ctx);
}

describe('inviting', { timeout: 120_000 }, () => {
  it('a CSV of 1,000 rows: checked in full before any is sent, then each sent once, and never twice', async () => {
    const org = await newOrg();
    await api(`/v1/orgs/${org.id}`, { method: 'PUT', token: org.owner.token, json: { seats: 2000 } });
    const tag = crypto.randomUUID().slice(0, 8);
    const emails = Array.from({ length: 1000 }, (_, i) => `person${i}-${tag}@example.com`);
    const rows = emails.map((email, i) => [email, `Person ${i}`, 'Engineer', '+44 20 7946 0958', 'London']);
    const broken = rows.map((row) => [...row]);
    broken[10]![0] = 'not-an-address';
    broken[998]![3] = '12345';
    broken[999]![0] = emails[0]!;
    const header = ['email', 'name', 'job title', 'phone', 'location'];

    const preview = await api(`/v1/orgs/${org.id}/invitations/csv/preview`, {
      method: 'POST',
      token: org.owner.token,
      json: { csv: csvOf([header, ...broken]) },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data.rows).toBe(1000);
    expect(preview.body.data.problems).toEqual([
      { line: 12, email: 'not-an-address', problems: ['Please enter a valid email address'] },
      { line: 1000, email: emails[998], problems: ['Please enter a valid phone number'] },
      { line: 1001, email: emails[0], problems: ['This address is on line 2 already'] },
    ]);
    const before = await orgRows(org.id);
    const refused = await api(`/v1/orgs/${org.id}/invitations/csv`, {
      method: 'POST',
      token: org.owner.token,
      json: { csv: csvOf([header, ...broken]) },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      '3 rows have problems; nobody was invited. Correct them and send the file again.',
    );
    expect(refused.body.errors['line 12']).toEqual(['Please enter a valid email address']);
    expect(await orgRows(org.id)).toEqual(before);
    expect(await mails(emails)).toBe(0);

    const file = csvOf([header, ...rows]);
    const sent = await api(`/v1/orgs/${org.id}/invitations/csv`, {
      method: 'POST',
      token: org.owner.token,
      json: { csv: file },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ invited: 1000, already: 0 });
    // The request mails the first few and queues the rest; the queue's consumer mails them within
    // minutes, no cron turn needed, each once (docs/decisions/0104-organisations.md).
    const took = await mailedWithin(emails, 1000);
    console.log(JSON.stringify({ test: 'invitations', file: 1000, mailedWithinMs: took }));
    await queueSettles();
    expect(await mails(emails)).toBe(1000);
    expect(await mailedTwice(emails)).toBe(0);
    expect(await owedOf(org.id)).toBe(0);
    const card = await env.DB.prepare(
      `SELECT c.name, c.job_title, c.phone, c.location, c.company, c.is_active, c.user_id = o.holder_id AS held
       FROM org_invitations i JOIN cards c ON c.id = i.card_id JOIN organisations o ON o.id = i.org_id WHERE i.email = ?`,
    )
      .bind(emails[7])
      .first();
    expect(card).toEqual({
      name: 'Person 7',
      job_title: 'Engineer',
      phone: '+442079460958',
      location: 'London',
      company: 'Acme Ltd',
      is_active: 0,
      held: 1,
    });

    const again = await api(`/v1/orgs/${org.id}/invitations/csv`, {
      method: 'POST',
      token: org.owner.token,
      json: { csv: file },
    });
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ invited: 0, already: 1000 });
    await queueSettles();
    expect(await owedOf(org.id)).toBe(0);
    expect(await turnsUntilSent(org.id)).toBe(0);
    expect(await mails(emails)).toBe(1000);
    expect(await mailedTwice(emails)).toBe(0);
    const counts = await env.DB.prepare(
      'SELECT (SELECT count(*) FROM org_invitations WHERE org_id = ?1) AS invitations, (SELECT count(*) FROM cards WHERE org_id = ?1) AS cards',
    )
      .bind(org.id)
      .first();
    expect(counts).toEqual({ invitations: 1000, cards: 1000 });
  });

  it('a queued message delivered again, or twice at once, mails its invitation once', async () => {
    const org = await newOrg();
    const tag = crypto.randomUUID().slice(0, 8);
    const emails = Array.from({ length: MAILED_IN_REQUEST + 5 }, (_, i) => `again${i}-${tag}@example.com`);
    const sent = await api(`/v1/orgs/${org.id}/invitations/csv`, {
      method: 'POST',
      token: org.owner.token,
      json: { csv: csvOf([['email'], ...emails.map((email) => [email])]) },
    });
    expect(sent.status).toBe(201);
    await mailedWithin(emails, emails.length);
    const ids = await invitationIds(org.id);

    // Every message again (the queue is at-least-once): each is acknowledged and nothing is mailed.
    const result = await consume(ids);
    expect(result.explicitAcks).toHaveLength(ids.length);
    expect(result.retryMessages).toEqual([]);
    expect(await mails(emails)).toBe(emails.length);
    expect(await mailedTwice(emails)).toBe(0);

    // An invitation owed again, its message delivered twice in one batch and in two at once: one mail.
    await env.DB.prepare('UPDATE org_invitations SET sent_at = NULL WHERE id = ?').bind(ids[0]).run();
    await Promise.all([consume([ids[0]!, ids[0]!]), consume([ids[0]!])]);
    expect(await mails(emails)).toBe(emails.length + 1);
    expect(await owedOf(org.id)).toBe(0);
  });

  it('a queued invitation whose send fails stays owed and its message is retried later, then mailed once', async () => {
    const org = await newOrg();
    const email = `retry-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const made = await api(`/v1/orgs/${org.id}/invitations`, {
      method: 'POST',
      token: org.owner.token,
      json: { emails: [email] },
    });
    expect(made.status).toBe(201);
    const [id] = await invitationIds(org.id);
    await env.DB.prepare('UPDATE org_invitations SET sent_at = NULL WHERE id = ?').bind(id).run();
    const outcome: { acked: boolean; retried?: QueueRetryOptions } = { acked: false };
    const message = {
      id: crypto.randomUUID(),
      timestamp: new Date(),
      attempts: 1,
      body: { invitation: id },
      ack: () => void (outcome.acked = true),
      retry: (options?: QueueRetryOptions) => void (outcome.retried = options ?? {}),
    } as unknown as Message<unknown>;
    const db = createDb(env.DB);
    const tools = { loadLanguage, randomToken, sha256, accountLanguageOf };
    const refusing = { send: () => Promise.reject(new Error('mail provider answered 429')) };

    await runInvitationMessages([message], db, refusing, tools);
    expect(outcome).toEqual({ acked: false, retried: { delaySeconds: 60 } });
    expect(await owedOf(org.id)).toBe(1);
    expect(await mails([email])).toBe(1);

    outcome.retried = undefined;
    await runInvitationMessages([message], db, createMailer(env, outboxMailer(db)), tools);
    expect(outcome).toEqual({ acked: true });
    expect(await owedOf(org.id)).toBe(0);
    expect(await mails([email])).toBe(2);
  });

  it('the cron sweeps up what could not be queued: each owed row mailed once', async () => {
    const org = await newOrg();
    const tag = crypto.randomUUID().slice(0, 8);
    const emails = Array.from({ length: MAILED_IN_REQUEST + 5 }, (_, i) => `sweep${i}-${tag}@example.com`);
    const db = createDb(env.DB);
    const orgRow = await db.select().from(organisations).where(eq(organisations.id, org.id)).get();
    // The queue refuses every message (an outage of Queues): the request still answers.
    const refusing = {
      ...env,
      WEBHOOKS: { ...env.WEBHOOKS, sendBatch: () => Promise.reject(new Error('queue unavailable')) },
    } as Bindings;
    const invited = await invite(
      db,
      refusing,
      orgRow!,
      org.owner.id,
      emails.map((email) => ({ email, name: '', jobTitle: '', phone: '', location: '' })),
      { origin: 'https://card.test', shards: 4 },
    );
    expect(invited).toMatchObject({ invited: emails.length, already: 0 });
    await queueSettles();
    expect(await mails(emails)).toBe(MAILED_IN_REQUEST);
    expect(await owedOf(org.id)).toBe(5);
    expect(await turnsUntilSent(org.id)).toBe(1);
    expect(await mails(emails)).toBe(emails.length);
    expect(await mailedTwice(emails)).toBe(0);
  });

  it('refuses a file without an email column, or of more than 1,000 rows, storing nothing', async () => {
    const org = await newOrg();
    const before = await orgRows(org.id);
    const noEmail = await api(`/v1/orgs/${org.id}/invitations/csv`, {
      method: 'POST',
      token: org.owner.token,
      json: { csv: 'name\nAda' },
    });
    expect(noEmail.status).toBe(422);
    expect(noEmail.body.errors).toEqual({ csv: ['The first line must name the columns, with an "email" column'] });
    const tooMany = ['email', ...Array.from({ length: 1001 }, (_, i) => `x${i}@example.com`)].join('\n');
    const big = await api(`/v1/orgs/${org.id}/invitations/csv/preview`, {
      method: 'POST',
      token: org.owner.token,
      json: { csv: tooMany },
    });
    expect(big.status).toBe(422);
    expect(big.body.errors.csv).toEqual(['The file has 1001 rows; at most 1000 can be sent at once']);
    expect(await orgRows(org.id)).toEqual(before);
  });

  it('by e-mail: the invitee claims the card with that address only; resend replaces the secret; withdraw removes the card', async () => {
    const org = await newOrg();
    const invitee = await registerUser();
    const other = await registerUser();
    const res = await api(`/v1/orgs/${org.id}/invitations`, {
      method: 'POST',
      token: org.owner.token,
      json: { emails: [invitee.email.toUpperCase(), 'later@example.com'] },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.invited).toBe(2);
    const mail = (await api(`/v1/dev/mail?to=${encodeURIComponent(invitee.email)}`)).body.data[0];
    expect(mail.subject).toBe('Acme Ltd invites you to your work card');
    const first = await inviteToken(invitee.email);

    const wrong = await api('/v1/orgs/invitations/claim', {
      method: 'POST',
      token: other.token,
      json: { token: first },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(
      'This invitation was sent to another e-mail address: sign in with that address to claim it',
    );

    const id = res.body.data.invitations.find((row: { email: string }) => row.email === invitee.email).id;
    const resent = await api(`/v1/orgs/${org.id}/invitations/${id}/resend`, { method: 'POST', token: org.owner.token });
    expect(resent.status).toBe(200);
    expect(resent.body.data.sends).toBe(2);
    const stale = await api('/v1/orgs/invitations/claim', {
      method: 'POST',
      token: invitee.token,
      json: { token: first },
    });
    expect(stale.status).toBe(404);
    const claimed = await api('/v1/orgs/invitations/claim', {
      method: 'POST',
      token: invitee.token,
      json: { token: await inviteToken(invitee.email) },
    });
    expect(claimed.status).toBe(200);
    expect(claimed.body.data).toMatchObject({ id: org.id, role: 'member', seats_used: 1 });
    const card = await env.DB.prepare('SELECT username, is_active FROM cards WHERE org_id = ? AND user_id = ?')
      .bind(org.id, invitee.id)
      .first<{ username: string; is_active: number }>();
    expect(card!.is_active).toBe(1);
    expect((await api(`/p/${card!.username}`)).status).toBe(200);

    const later = res.body.data.invitations.find((row: { email: string }) => row.email === 'later@example.com');
    const withdrawn = await api(`/v1/orgs/${org.id}/invitations/${later.id}`, {
      method: 'DELETE',
      token: org.owner.token,
    });
    expect(withdrawn.status).toBe(200);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM cards WHERE id = ?').bind(later.card_id).first()).toEqual({
      n: 0,
    });
    const list = await api(`/v1/orgs/${org.id}/invitations`, { token: org.owner.token });
    const states = Object.fromEntries(
      list.body.data.map((row: { email: string; status: string }) => [row.email, row.status]),
    );
    expect(states).toEqual({ [invitee.email]: 'claimed', 'later@example.com': 'withdrawn' });
    // Another organisation's admin touches none of it.
    const b = await newOrg();
    expect(
      (await api(`/v1/orgs/${org.id}/invitations/${id}/resend`, { method: 'POST', token: b.owner.token })).status,
    ).toBe(404);
    expect(
      (await api(`/v1/orgs/${b.id}/invitations/${id}/resend`, { method: 'POST', token: b.owner.token })).status,
    ).toBe(404);
  });

  it('seats count claimed cards: a claim past the limit is refused and changes nothing', async () => {
    const org = await newOrg();
    await api(`/v1/orgs/${org.id}`, { method: 'PUT', token: org.owner.token, json: { seats: 1 } });
    const [one, two] = [await registerUser(), await registerUser()];
    await api(`/v1/orgs/${org.id}/invitations`, {
      method: 'POST',
      token: org.owner.token,
      json: { emails: [one.email, two.email] },
    });
    const ok = await api('/v1/orgs/invitations/claim', {
      method: 'POST',
      token: one.token,
      json: { token: await inviteToken(one.email) },
    });
    expect(ok.status).toBe(200);
    const before = await orgRows(org.id);
    const full = await api('/v1/orgs/invitations/claim', {
      method: 'POST',
      token: two.token,
      json: { token: await inviteToken(two.email) },
    });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('The organisation has no free seat: ask its owner for more');
    expect(await orgRows(org.id)).toEqual(before);
  });

  it('by link: anyone signed in joins with a card of their own, until an admin turns the link off', async () => {
    const org = await newOrg();
    const link = await api(`/v1/orgs/${org.id}/invite-link`, { method: 'POST', token: org.owner.token });
    expect(link.status).toBe(200);
    const token = new URL(link.body.data.url).searchParams.get('token')!;
    const joiner = await registerUser();
    const username = `work-${crypto.randomUUID().slice(0, 8)}`;
    const joined = await api('/v1/orgs/join', { method: 'POST', token: joiner.token, json: { token, username } });
    expect(joined.status).toBe(201);
    expect(joined.body.data.role).toBe('member');
    expect((await api(`/p/${username}`)).status).toBe(200);
    const twice = await api('/v1/orgs/join', {
      method: 'POST',
      token: joiner.token,
      json: { token, username: `${username}-2` },
    });
    expect(twice.status).toBe(409);
    expect((await api(`/v1/orgs/${org.id}/invite-link`, { method: 'DELETE', token: org.owner.token })).status).toBe(
      200,
    );
    const late = await registerUser();
    const off = await api('/v1/orgs/join', {
      method: 'POST',
      token: late.token,
      json: { token, username: `${username}-3` },
    });
    expect(off.status).toBe(404);
    expect(off.body.message).toBe('This invite link is turned off or not valid');
    expect((await api('/v1/orgs', { token: late.token })).body.data).toEqual([]);
  });
});
