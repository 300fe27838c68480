import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../../worker/db/client';
import { customHostnames } from '../../../worker/db/schema/domains';
import { customDomains } from '../../../worker/lib/config';
import { outboxMailer } from '../../../worker/services/dev-outbox';
import { checkDomains } from '../../../worker/services/domain-checks';
import { outbox } from '../auth-helpers';
import { registerUser } from '../helpers';
import { at, cloudflareSays, unique, withCloudflare } from './helpers';

const DAY = 24 * 60 * 60 * 1000;
const db = () => createDb(env.DB);
const cron = (now: number) => checkDomains(db(), customDomains(withCloudflare), outboxMailer(db()), now);

async function owner() {
  const user = await registerUser();
  const cards = await at(null, '/v1/cards', { token: user.token });
  return { ...user, cardId: cards.body.data.cards[0].id as string };
}
const addDomain = (user: { token: string; cardId: string }, hostname: string) =>
  at(null, `/v1/cards/${user.cardId}/domain`, { method: 'POST', json: { hostname }, token: user.token });
const rowOf = (hostname: string) =>
  db().select().from(customHostnames).where(eq(customHostnames.hostname, hostname)).get();

describe('a card on a development .localhost name', () => {
  it('is active at once and serves the card at / with its own canonical address, and nothing else', async () => {
    const user = await owner();
    const host = `card.${user.username.replace(/_/g, '-')}.localhost`;
    const added = await addDomain(user, host.toUpperCase() + '.');
    expect(added.status).toBe(201);
    expect(added.body.data.domain).toMatchObject({ hostname: host, state: 'active', url: `https://${host}/` });

    const page = await at(host, '/');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<link rel="canonical" href="https://${host}/"/>`);
    expect(page.text).toContain(`property="og:image" content="https://${host}/p/${user.username}/og.png?v=`);
    expect(page.text).toContain('"@type":"Person"');
    expect(page.text).toContain(`"url":"https://${host}/"`);
    expect(page.headers.get('Set-Cookie')).toBeNull();

    // On the deployment's host, the card's address is its domain too.
    const main = await at(null, `/p/${user.username}`);
    expect(main.text).toContain(`<link rel="canonical" href="https://${host}/"/>`);
    const vcard = await at(null, `/p/${user.username}.vcf`);
    expect(vcard.text).toContain(`URL:https://${host}/`);

    // /p/{username} on the domain goes to its root; the dashboard, the API and other cards are not there.
    const moved = await at(host, `/p/${user.username}?src=qr`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('Location')).toBe('/?src=qr');
    const other = await registerUser();
    for (const path of [
      '/v1/user/profile',
      '/v1/cards',
      '/auth/login',
      '/admin',
      `/p/${other.username}`,
      '/v1/health',
    ]) {
      const res = await at(host, path, { token: user.token });
      expect(res.status, path).toBe(404);
      expect(res.text, path).toBe('Not found');
    }
    const signIn = await at(host, '/v1/auth/login', {
      method: 'POST',
      json: { email: user.email, password: user.password },
    });
    expect(signIn.status).toBe(404);
    expect(signIn.headers.get('Set-Cookie')).toBeNull();

    // Removed: not served from the next request on.
    const removed = await at(null, `/v1/cards/${user.cardId}/domain`, { method: 'DELETE', token: user.token });
    expect(removed.status).toBe(200);
    expect((await at(host, '/')).status).toBe(404);
    expect(await rowOf(host)).toBeUndefined();
    expect((await at(null, `/p/${user.username}`)).text).toContain(`/p/${user.username}"/>`);
  });

  it('answers 404 with nothing of the app for a name that is no active domain', async () => {
    for (const host of ['nobody.localhost', 'shop.example.org']) {
      const res = await at(host, '/');
      expect(res.status).toBe(404);
      expect(res.text).toBe('Not found');
      expect(res.headers.get('Set-Cookie')).toBeNull();
    }
  });

  it('serves the deployment under its own names as before', async () => {
    expect((await at(null, '/v1/health')).status).toBe(200);
    expect((await at('localhost', '/v1/health')).status).toBe(200);
    expect((await at('127.0.0.1', '/v1/health')).status).toBe(200);
    // Without custom domains configured (outside development), every name is served as before.
    const production = { ...env, ENVIRONMENT: 'production', JWT_SECRET: 'x'.repeat(40), VISITOR_SALT: 'y'.repeat(40) };
    expect((await at('anything.example.net', '/v1/health', {}, production)).status).toBe(200);
  });
});

/**
 * Workers Assets as the deployment has it (wrangler.toml: not_found_handling single-page-application):
 * a file at its path, any other path the dashboard's index.html. The test runner has no build, so
 * this stands in for Cloudflare's layer and records what it was asked for.
 */
function dashboardAssets() {
  const asked: string[] = [];
  const fetcher = {
    fetch: (input: RequestInfo | URL) => {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      asked.push(path);
      if (path === '/card/island.js')
        return Promise.resolve(new Response('island()', { headers: { 'Content-Type': 'text/javascript' } }));
      return Promise.resolve(
        new Response('<!doctype html><title>Cardlink dashboard</title><div id="root"></div>', {
          headers: { 'Content-Type': 'text/html' },
        }),
      );
    },
  };
  return { asked, ASSETS: fetcher as unknown as Fetcher };
}

describe('the dashboard’s files', () => {
  it('answer the paths the Worker has no route for on its own names, and never on a card’s domain', async () => {
    const user = await owner();
    const host = `card.${user.username.replace(/_/g, '-')}.localhost`;
    expect((await addDomain(user, host)).status).toBe(201);
    const assets = dashboardAssets();
    const bindings = { ...withCloudflare, ASSETS: assets.ASSETS };

    // On the deployment's own name, a dashboard route and a root file are the dashboard's, and so
    // is a page whose name begins as a Worker's folder does (/icons, beside /icons/{id}.svg).
    for (const path of ['/editor', '/settings/account', '/index.html', '/manifest.webmanifest', '/icons']) {
      const res = await at(null, path, {}, bindings);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain('Cardlink dashboard');
    }
    // The API's unknown paths stay the API's 404, not the dashboard's page.
    const unknownApi = await at(null, '/v1/no-such-route', {}, bindings);
    expect(unknownApi.status).toBe(404);
    expect(unknownApi.body).toEqual({ success: false, message: 'Not found' });

    // On the card's domain, none of them: a plain 404, and the assets layer is not even asked.
    assets.asked.length = 0;
    for (const path of [
      '/editor',
      '/settings/account',
      '/index.html',
      '/manifest.webmanifest',
      '/login',
      '/v1/cards',
    ]) {
      const res = await at(host, path, { token: user.token }, bindings);
      expect(res.status, path).toBe(404);
      expect(res.text, path).toBe('Not found');
    }
    expect(assets.asked).toEqual([]);
    // What the card loads is still served there, and so is the card.
    const island = await at(host, '/card/island.js', {}, bindings);
    expect(island.status).toBe(200);
    expect(island.text).toBe('island()');
    const card = await at(host, '/', {}, bindings);
    expect(card.status).toBe(200);
    expect(card.text).toContain(`<link rel="canonical" href="https://${host}/"/>`);
    expect(card.text).not.toContain('Cardlink dashboard');
  });
});

describe('refusals', () => {
  it('normalises and refuses what cannot be a card domain, storing nothing', async () => {
    const user = await owner();
    const cases: [string, RegExp][] = [
      ['not a name', /Enter a domain name/],
      ['example.com', /example\.com is a root domain.*www\.example\.com.*card\.example\.com/],
      ['shop.co.uk', /root domain/],
      ['card.test', /this site's own address/],
      ['x.cards.card.test', /this site's own address/],
      ['me.blocked.example', /cannot be used here/],
      ['localhost', /Enter a domain name/],
    ];
    for (const [hostname, message] of cases) {
      const res = await addDomain(user, hostname);
      expect(res.status, hostname).toBe(422);
      expect(res.body.errors.hostname[0], hostname).toMatch(message);
    }
    const bad = await addDomain(user, 'broken-' + unique() + '.example.com');
    expect(bad.status).toBe(503);
    expect((await at(null, `/v1/cards/${user.cardId}/domain`, { token: user.token })).body.data.domain).toBeNull();
  });

  it('turns an IDN into punycode', async () => {
    const user = await owner();
    const res = await addDomain(user, `Karte.Bücher-${unique()}.example`);
    expect(res.status).toBe(201);
    expect(res.body.data.domain.hostname).toMatch(/^karte\.xn--bcher-.*\.example$/);
  });

  it('another account cannot add, read or remove a domain of your card, nor take your domain', async () => {
    const user = await owner();
    const other = await owner();
    const host = `www.taken-${unique()}.example`;
    expect((await addDomain(user, host)).status).toBe(201);
    const asOther = { token: other.token, cardId: user.cardId };
    expect((await addDomain(asOther, `www.mine-${unique()}.example`)).status).toBe(404);
    expect((await at(null, `/v1/cards/${user.cardId}/domain`, { token: other.token })).status).toBe(404);
    expect((await at(null, `/v1/cards/${user.cardId}/domain`, { method: 'DELETE', token: other.token })).status).toBe(
      404,
    );
    const taken = await addDomain(other, host.toUpperCase());
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('This domain is already used by another card');
    expect((await rowOf(host))?.cardId).toBe(user.cardId);
    expect((await at(null, `/v1/cards/${user.cardId}/domain`)).status).toBe(401);
  });

  it("moves to another of the owner's cards", async () => {
    const user = await owner();
    const second = await at(null, '/v1/cards', {
      method: 'POST',
      json: { username: `c${unique()}`, name: 'Two' },
      token: user.token,
    });
    const host = `card.move-${unique()}.localhost`;
    await addDomain(user, host);
    const moved = await addDomain({ token: user.token, cardId: second.body.data.id }, host);
    expect(moved.status).toBe(201);
    expect((await rowOf(host))?.cardId).toBe(second.body.data.id);
    expect((await at(host, '/')).text).toContain(second.body.data.username);
  });
});

describe('through Cloudflare (the stand-in)', () => {
  it('shows the records, then serves the card once active, and mails the owner', async () => {
    const user = await owner();
    const host = `www.shop-${unique()}.example`;
    const added = await addDomain(user, host);
    expect(added.status).toBe(201);
    const domain = added.body.data.domain;
    expect(domain.state).toBe('pending');
    expect(domain.records.map((r: { type: string; name: string }) => [r.type, r.name])).toEqual([
      ['TXT', `_cf-custom-hostname.${host}`],
      ['TXT', `_acme-challenge.${host}`],
      ['CNAME', host],
    ]);
    expect(domain.records[2].value).toBe('cards.card.test');
    expect((await at(host, '/')).status).toBe(404);

    const row = (await rowOf(host))!;
    await cloudflareSays(host, { status: 'active', ssl_status: 'active', verification_errors: [] });
    await cron(row.nextCheckAt);
    expect((await rowOf(host))?.status).toBe('active');
    const page = await at(host, '/');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<link rel="canonical" href="https://${host}/"/>`);
    const mail = await outbox(user.email);
    expect(mail[0]?.subject).toBe(`${host} now shows your Cardlink card`);
    // Mailed once: the next look sends nothing more.
    await cron((await rowOf(host))!.nextCheckAt);
    expect(await outbox(user.email)).toHaveLength(mail.length);

    // Moved away at the owner's DNS: not served, the owner told.
    await cloudflareSays(host, { status: 'moved' });
    await cron((await rowOf(host))!.nextCheckAt);
    expect((await at(host, '/')).status).toBe(404);
    expect((await outbox(user.email))[0]?.subject).toBe(`${host} needs your attention`);
    const shown = await at(null, `/v1/cards/${user.cardId}/domain`, { token: user.token });
    expect(shown.body.data.domain.state).toBe('moved');
  });

  it('reports a failed validation and a hostname deleted at Cloudflare', async () => {
    const user = await owner();
    const host = `www.fails-${unique()}.example`;
    await addDomain(user, host);
    await cloudflareSays(host, { ssl_status: 'validation_timed_out', validation_errors: ['TXT record not found'] });
    await cron((await rowOf(host))!.nextCheckAt);
    const shown = await at(null, `/v1/cards/${user.cardId}/domain`, { token: user.token });
    expect(shown.body.data.domain).toMatchObject({ state: 'failed', ssl_status: 'validation_timed_out' });
    expect(shown.body.data.domain.problems).toContain('TXT record not found');
    expect((await outbox(user.email))[0]?.subject).toBe(`${host} needs your attention`);

    const other = await owner();
    const gone = `www.gone-${unique()}.example`;
    await addDomain(other, gone);
    await cloudflareSays(gone, { gone: true });
    await cron((await rowOf(gone))!.nextCheckAt);
    expect((await rowOf(gone))?.status).toBe('deleted');
  });

  it('removes a hostname still pending after 7 days, at Cloudflare too, with a notice', async () => {
    const user = await owner();
    const host = `www.late-${unique()}.example`;
    await addDomain(user, host);
    const row = (await rowOf(host))!;
    await cron(row.createdAt + 7 * DAY + 1);
    expect(await rowOf(host)).toBeUndefined();
    expect((await outbox(user.email))[0]?.subject).toBe(`${host} was removed from your card`);
    // Gone at Cloudflare: the same name can be added again (the stand-in refuses duplicates).
    expect((await addDomain(user, host)).status).toBe(201);
  });

  it('removing deletes it at Cloudflare and stops serving at once', async () => {
    const user = await owner();
    const host = `www.bye-${unique()}.example`;
    await addDomain(user, host);
    await cloudflareSays(host, { status: 'active', ssl_status: 'active' });
    await cron((await rowOf(host))!.nextCheckAt);
    expect((await at(host, '/')).status).toBe(200);
    expect((await at(null, `/v1/cards/${user.cardId}/domain`, { method: 'DELETE', token: user.token })).status).toBe(
      200,
    );
    expect((await at(host, '/')).status).toBe(404);
    expect(await rowOf(host)).toBeUndefined();
    const other = await owner();
    expect((await addDomain(other, host)).status).toBe(201);
  });
});
