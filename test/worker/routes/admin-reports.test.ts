import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, clientIp, ORIGIN, registerUser } from '../helpers';
import { act, auditOf, read, signedInAdmin } from '../admin-helpers';
import { ACCESS_COOKIE } from '@shared/session-cookies';

/** A visitor's report, as the card's form posts it; answers the report's id. */
async function report(username: string, reason: string, note: string) {
  const res = await SELF.fetch(`${ORIGIN}/p/${username}/report`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': clientIp() },
    body: new URLSearchParams({ reason, note }).toString(),
  });
  await res.arrayBuffer();
  const row = await env.DB.prepare(
    'SELECT r.id FROM reports r JOIN cards c ON c.id = r.card_id WHERE c.username = ? ORDER BY r.id DESC',
  )
    .bind(username)
    .first<{ id: number }>();
  return row!.id;
}

type Report = { id: number; state: string; resolved_by: string | null; resolution_reason: string | null };
const listed = async (admin: { token: string }, state: string, id: number) => {
  const page = await read(admin, `/reports?state=${state}`);
  expect(page.status).toBe(200);
  return (page.body.data.reports as Report[]).find((row) => row.id === id);
};

describe('reports keep their history', { timeout: 60_000 }, () => {
  it('a dismissed report moves from open to dismissed, with who and why; the audit names it', async () => {
    const admin = await signedInAdmin();
    const owner = await registerUser();
    const id = await report(owner.username, 'spam', 'Ads everywhere');
    expect(await listed(admin, 'open', id)).toMatchObject({ state: 'open', resolved_by: null });

    const refused = await act(admin, `/reports/${id}/dismiss`, {});
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ reason: ['Say why; the audit log keeps the reason'] });
    expect(await listed(admin, 'open', id)).toBeDefined();
    // Another spelling of the id names no report.
    for (const alias of [`0x${id.toString(16)}`, `0${id}`, `${id}.0`]) {
      expect((await act(admin, `/reports/${alias}/dismiss`, { reason: 'Alias' })).status, alias).toBe(404);
    }
    expect(await listed(admin, 'open', id)).toBeDefined();

    expect((await act(admin, `/reports/${id}/dismiss`, { reason: 'A real shop' })).status).toBe(200);
    expect(await listed(admin, 'open', id)).toBeUndefined();
    expect(await listed(admin, 'dismissed', id)).toMatchObject({
      state: 'dismissed',
      resolved_by: admin.email,
      resolution_reason: 'A real shop',
    });
    expect(await auditOf(owner.id)).toEqual([
      expect.objectContaining({ action: 'dismiss_report', report_id: id, reason: 'A real shop' }),
    ]);
    const audit = await read(admin, '/audit');
    expect(audit.body.data.entries.find((e: { report_id: number | null }) => e.report_id === id)).toMatchObject({
      action: 'dismiss_report',
      target: owner.username,
    });
    // Closed once: a second dismissal is refused and writes nothing.
    expect((await act(admin, `/reports/${id}/dismiss`, { reason: 'Again' })).status).toBe(409);
    expect(await auditOf(owner.id)).toHaveLength(1);
  });

  it('a takedown from a report acts on every open report of the card and links the one it answered', async () => {
    const admin = await signedInAdmin();
    const owner = await registerUser();
    const first = await report(owner.username, 'phishing', 'Fake bank');
    const second = await report(owner.username, 'impersonation', 'Not the real bank');
    const other = await registerUser();
    const notYours = await report(other.username, 'spam', '');
    const wrong = await act(admin, `/accounts/${owner.id}/takedown`, { reason: 'Phishing', report_id: notYours });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ report_id: ['Not a report of this card'] });

    const down = await act(admin, `/accounts/${owner.id}/takedown`, { reason: 'Phishing page', report_id: second });
    expect(down.status).toBe(200);
    for (const id of [first, second]) {
      expect(await listed(admin, 'taken_down', id)).toMatchObject({
        state: 'taken_down',
        resolved_by: admin.email,
        resolution_reason: 'Phishing page',
      });
    }
    expect(await listed(admin, 'open', notYours)).toBeDefined();
    expect(await auditOf(owner.id)).toEqual([expect.objectContaining({ action: 'takedown', report_id: second })]);
    // After an appeal the card is back, and the report's history still says it was acted on.
    await act(admin, `/accounts/${owner.id}/restore`, { reason: 'Appeal: it is their bank' });
    expect(await listed(admin, 'taken_down', first)).toMatchObject({ card_taken_down: false });
  });
});

describe('a taken-down card, opened by an operator', { timeout: 60_000 }, () => {
  const asCookie = (token: string) => ({ Cookie: `${ACCESS_COOKIE}=${encodeURIComponent(token)}` });

  it('is drawn with a banner for an operator, and is a 404 for everyone else', async () => {
    const admin = await signedInAdmin();
    const owner = await registerUser({ name: 'Rex Reported' });
    await act(admin, `/accounts/${owner.id}/takedown`, { reason: 'Impersonates a bank' });

    const seen = await api(`/p/${owner.username}`, { headers: asCookie(admin.token) });
    expect(seen.status).toBe(200);
    expect(seen.text).toContain('Rex Reported');
    expect(seen.text).toMatch(/Taken down on \d{4}-\d\d-\d\d: (&quot;|")Impersonates a bank(&quot;|")\./);
    expect(seen.text).toContain('only operators see this card');
    expect(seen.headers.get('Cache-Control')).toBe('private, no-store');
    expect(seen.headers.get('X-Robots-Tag')).toBe('noindex');

    // A visitor, the owner, another signed-in user: the 404 page, without the card or the reason.
    const someone = await registerUser();
    for (const headers of [{}, asCookie(owner.token), asCookie(someone.token)]) {
      const res = await api(`/p/${owner.username}`, { headers });
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('Impersonates a bank');
    }
  });

  it('shows a deactivated account’s card to an operator with a banner saying so', async () => {
    const admin = await signedInAdmin();
    const owner = await registerUser();
    await act(admin, `/accounts/${owner.id}/deactivate`, { reason: 'Spam links' });
    const seen = await api(`/p/${owner.username}`, { headers: asCookie(admin.token) });
    expect(seen.status).toBe(200);
    expect(seen.text).toContain('The account is deactivated.');
    expect((await api(`/p/${owner.username}`)).status).toBe(404);
  });
});

describe("a report of an account's other card", { timeout: 60_000 }, () => {
  it('names that card, and a takedown from it takes down that card alone', async () => {
    const admin = await signedInAdmin();
    const owner = await registerUser();
    const made = await api('/v1/cards', {
      method: 'POST',
      token: owner.token,
      json: { username: `${owner.username}_two`.slice(0, 30), name: 'Second Card' },
    });
    expect(made.status).toBe(201);
    const card = made.body.data as { id: string; username: string };
    await SELF.fetch(`${ORIGIN}/p/${card.username}/report`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': clientIp() },
      body: new URLSearchParams({ reason: 'phishing', note: 'Fake bank' }).toString(),
    }).then((res) => res.arrayBuffer());
    const row = await env.DB.prepare('SELECT id, user_id, card_id FROM reports WHERE card_id = ?')
      .bind(card.id)
      .first<{ id: number; user_id: string; card_id: string }>();
    expect(row).toMatchObject({ user_id: owner.id, card_id: card.id });
    expect(await listed(admin, 'open', row!.id)).toMatchObject({ state: 'open' });
    const page = await read(admin, '/reports?state=open');
    expect(page.body.data.reports.find((r: { id: number }) => r.id === row!.id)).toMatchObject({
      account_id: owner.id,
      card_id: card.id,
      username: card.username,
    });

    // The console sends the report's card with the report; a card the report is not about is refused.
    const mismatch = await act(admin, `/accounts/${owner.id}/takedown`, {
      reason: 'Phishing page',
      report_id: row!.id,
      card_id: owner.id,
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({ report_id: ['Not a report of this card'] });
    expect((await api(`/p/${card.username}`)).status).toBe(200);

    const down = await act(admin, `/accounts/${owner.id}/takedown`, {
      reason: 'Phishing page',
      report_id: row!.id,
      card_id: card.id,
    });
    expect(down.status).toBe(200);
    expect((await api(`/p/${card.username}`)).status).toBe(404);
    expect((await api(`/p/${owner.username}`)).status).toBe(200);
    expect(await listed(admin, 'taken_down', row!.id)).toMatchObject({ card_taken_down: true });
    expect(await auditOf(owner.id)).toEqual([
      expect.objectContaining({ action: 'takedown', report_id: row!.id, target_label: card.username }),
    ]);
  });

  it('a dismissal names the reported card in the audit, and a takedown from the report alone still finds its card', async () => {
    const admin = await signedInAdmin();
    const owner = await registerUser();
    const made = await api('/v1/cards', {
      method: 'POST',
      token: owner.token,
      json: { username: `${owner.username}_two`, name: 'Second Card' },
    });
    const card = made.body.data as { id: string; username: string };
    const first = await report(card.username, 'spam', 'Ads');
    const second = await report(card.username, 'phishing', 'Fake bank');
    expect((await act(admin, `/reports/${first}/dismiss`, { reason: 'A real shop' })).status).toBe(200);
    expect((await act(admin, `/accounts/${owner.id}/takedown`, { reason: 'Phishing', report_id: second })).status).toBe(
      200,
    );
    expect((await api(`/p/${card.username}`)).status).toBe(404);
    expect((await api(`/p/${owner.username}`)).status).toBe(200);
    expect((await auditOf(owner.id)).map((entry) => [entry.action, entry.target_label])).toEqual([
      ['dismiss_report', card.username],
      ['takedown', card.username],
    ]);
  });
});
