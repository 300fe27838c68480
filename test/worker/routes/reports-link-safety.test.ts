import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { REPORTS_PER_CLIENT_PER_HOUR } from '@shared/constants';
import { createDb } from '../../../worker/middleware/db';
import { LINK_BLOCKED_MESSAGE } from '../../../worker/services/link-safety/blocklist';
import { parseFeed, refreshFeed } from '../../../worker/services/link-safety/feed';
import { scanLinks } from '../../../worker/services/link-safety/scan';
import { api, ORIGIN, registerUser } from '../helpers';
import { click, flushAll, stats, visitor } from '../services/events-helpers';

const reportsOf = async (userId: string) =>
  (await env.DB.prepare('SELECT reason, note FROM reports WHERE user_id = ?').bind(userId).all()).results;

/** The form as a browser without JavaScript posts it. */
const postReport = (username: string, fields: Record<string, string>, ip: string) =>
  SELF.fetch(`${ORIGIN}/p/${username}/report`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': ip },
    body: new URLSearchParams(fields).toString(),
  });

describe('/p/{username}/report', { timeout: 60_000 }, () => {
  it('serves a plain form, stores one report per post, and bounds a flood from one visitor', async () => {
    const owner = await registerUser();
    const card = await api(`/p/${owner.username}`);
    expect(card.text).toContain(`href="/p/${owner.username}/report"`);
    const form = await api(`/p/${owner.username}/report`);
    expect(form.status).toBe(200);
    expect(form.text).toMatch(/<form [^>]*method="post"/);
    expect(form.text).toContain(`action="/p/${owner.username}/report"`);
    expect(form.text).not.toContain('<script');
    expect(form.text).not.toContain(owner.email);
    expect(form.headers.get('Content-Security-Policy')).toContain("form-action 'self'");

    const sent = await postReport(owner.username, { reason: 'phishing', note: 'Fake bank login' }, '198.51.100.7');
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain('Report sent');
    expect(await reportsOf(owner.id)).toEqual([{ reason: 'phishing', note: 'Fake bank login' }]);

    for (let i = 1; i < REPORTS_PER_CLIENT_PER_HOUR + 3; i++) {
      const res = await postReport(owner.username, { reason: 'spam' }, '198.51.100.7');
      expect(res.status).toBe(i < REPORTS_PER_CLIENT_PER_HOUR ? 200 : 429);
      await res.arrayBuffer();
    }
    expect(await reportsOf(owner.id)).toHaveLength(REPORTS_PER_CLIENT_PER_HOUR);
    // Another visitor is not held back by the first one's flood.
    expect((await postReport(owner.username, { reason: 'other' }, '198.51.100.8')).status).toBe(200);
  });

  it('refuses a missing reason (422) and an unknown card (404), storing nothing', async () => {
    const owner = await registerUser();
    const bad = await postReport(owner.username, { reason: 'because' }, '198.51.100.9');
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain('Choose a reason');
    expect((await postReport('nobody-here-at-all', { reason: 'spam' }, '198.51.100.9')).status).toBe(404);
    expect(await reportsOf(owner.id)).toEqual([]);
  });

  it('lists open reports in the console only', async () => {
    const owner = await registerUser();
    await postReport(owner.username, { reason: 'impersonation' }, '198.51.100.10');
    expect((await api('/v1/admin/reports', { token: owner.token })).status).toBe(404);
  });
});

describe('link safety', { timeout: 60_000 }, () => {
  it('refuses a listed destination on save, from the bundled snapshot or the feed', async () => {
    const owner = await registerUser();
    const save = (url: string) =>
      api('/v1/user/links', { method: 'POST', token: owner.token, json: { title: 'Prize', url } });
    const snapshot = await save('https://sub.testsafebrowsing.appspot.com/s/phishing.html');
    expect(snapshot.status).toBe(422);
    expect(snapshot.body.errors).toEqual({ url: [LINK_BLOCKED_MESSAGE] });
    await env.DB.prepare("INSERT INTO blocklist (value, kind, added_at) VALUES ('phish.example', 'domain', 0)").run();
    expect((await save('https://login.phish.example/')).status).toBe(422);
    const fine = await save('https://example.com/');
    expect(fine.status).toBe(201);
    const edit = await api(`/v1/user/links/${fine.body.link.id}`, {
      method: 'PUT',
      token: owner.token,
      json: { url: 'https://phish.example/win' },
    });
    expect(edit.status).toBe(422);
    const links = await api('/v1/user/links', { token: owner.token });
    expect(links.body.data.map((l: { url: string }) => l.url)).toEqual(['https://example.com/']);
  });

  it('sends a link listed after it was saved through /go/<id>, and counts its click once', async () => {
    const owner = await registerUser();
    const link = (
      await api('/v1/user/links', {
        method: 'POST',
        token: owner.token,
        json: { title: 'Later bad', url: 'https://later-bad.example/path' },
      })
    ).body.link;
    const db = createDb(env.DB);
    expect((await api(`/p/${owner.username}`)).text).toContain('href="https://later-bad.example/path"');
    // Not flagged yet: the card links to it directly, and /go/ has nothing to say about it.
    expect((await SELF.fetch(`${ORIGIN}/go/${link.id}`, { redirect: 'manual' })).status).toBe(404);

    // The feed lists it now: the cron's refresh gives the list a new version, the scan flags the link.
    const feed = '# URLhaus\nhttps://later-bad.example/path\n0.0.0.0 other.example\n';
    const original = globalThis.fetch;
    globalThis.fetch = (async () => new Response(feed)) as typeof fetch;
    try {
      await refreshFeed(db, 'https://feed.test/urls.txt');
    } finally {
      globalThis.fetch = original;
    }
    while ((await scanLinks(db)) > 0);
    const page = await api(`/p/${owner.username}`);
    expect(page.text).toContain(`href="${ORIGIN}/go/${link.id}"`);
    expect(page.text).not.toContain('https://later-bad.example/path');
    const warning = await api(`/go/${link.id}`);
    expect(warning.status).toBe(200);
    expect(warning.text).toContain('This link may be unsafe');
    expect(warning.text).toContain('https://later-bad.example/path');
    expect(warning.text).toContain(`href="/p/${owner.username}"`);

    // The visitor's click is reported once by the card (ping or island); /go counts nothing.
    expect(await click(link.id, visitor(3))).toBe(204);
    await api(`/go/${link.id}`);
    await flushAll();
    expect((await stats(owner.token)).link_clicks).toBe(1);

    const flagged = await env.DB.prepare('SELECT flagged_by FROM links WHERE id = ?').bind(link.id).first();
    expect(flagged).toEqual({ flagged_by: 'https://later-bad.example/path' });
  });

  it('answers /go/<id> only for a flagged link: any other is not found, and never redirected', async () => {
    const owner = await registerUser();
    const save = async (url: string) =>
      (await api('/v1/user/links', { method: 'POST', token: owner.token, json: { title: 'Pay', url } })).body.link;
    const tricky = await save('https://paypal.com@evil.example/');
    const plain = await save('https://example.com/');
    const before = await env.DB.prepare('SELECT id, url, flagged_at FROM links WHERE user_id = ? ORDER BY id')
      .bind(owner.id)
      .all();
    for (const id of [tricky.id, plain.id, 999_999_999]) {
      const res = await SELF.fetch(`${ORIGIN}/go/${id}`, { redirect: 'manual' });
      expect(res.status, String(id)).toBe(404);
      expect(res.headers.get('Location')).toBeNull();
      expect(await res.text()).not.toContain('evil.example');
    }
    // The card still links to them directly.
    const card = await api(`/p/${owner.username}`);
    expect(card.text).toContain('href="https://paypal.com@evil.example/"');
    expect(card.text).not.toContain('/go/');
    const after = await env.DB.prepare('SELECT id, url, flagged_at FROM links WHERE user_id = ? ORDER BY id')
      .bind(owner.id)
      .all();
    expect(after.results).toEqual(before.results);
  });

  it('reads URLhaus-style and hosts-file feeds', () => {
    expect(parseFeed('# c\nhttp://Bad.Example/a#x\n0.0.0.0 evil.example\nplain.example\n\n!!\n')).toEqual([
      { value: 'http://bad.example/a', kind: 'url' },
      { value: 'evil.example', kind: 'domain' },
      { value: 'plain.example', kind: 'domain' },
    ]);
  });
});
