import { env } from 'cloudflare:test';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { api, registerUser } from '../helpers';
import { apiWith } from '../auth-helpers';
import { tokenFor, withToken } from '../token-helpers';
import { addWebhook, newKey, receivedAtLeast, receiverUrl, webhookFor } from '../webhook-helpers';

// Production mode, with the JWT secret the development tokens were signed with.
const PRODUCTION = { ENVIRONMENT: 'production', JWT_SECRET: 'development-only-jwt-secret-never-use-in-production' };
type User = Awaited<ReturnType<typeof registerUser>>;
const list = (user: { token: string }) => api('/v1/user/webhooks', { token: user.token });
const endpointRows = async (userId: string) =>
  (await env.DB.prepare('SELECT * FROM webhook_endpoints WHERE user_id = ?').bind(userId).all()).results;
const primaryOf = async (user: User) =>
  ((await api('/v1/cards', { token: user.token })).body.data.cards as { id: string; is_primary: boolean }[]).find(
    (card) => card.is_primary,
  )!.id;

describe('POST /v1/user/webhooks', { timeout: 60_000 }, () => {
  it('adds a webhook, answers its whsec_ secret once, and lists it without the secret', async () => {
    const user = await registerUser();
    const url = receiverUrl(newKey());
    const res = await addWebhook(user.token, { url, events: ['link.created', 'contact.created'] });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Webhook added. Copy the secret now: it will not be shown again.');
    const { secret, ...shown } = res.body.data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(shown).toEqual({
      id: expect.any(String),
      url,
      events: ['link.created', 'contact.created'],
      cards: null,
      created_at: expect.any(String),
      disabled_at: null,
      previous_secret_until: null,
    });
    const listed = await list(user);
    expect(listed.body.data).toEqual([shown]);
    expect(listed.text).not.toContain(secret);
  });

  it('refuses bad input with the field’s message and stores nothing', async () => {
    const user = await registerUser();
    const other = await registerUser();
    const otherCard = await primaryOf(other);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ url: '', events: ['link.created'] }, 'url', 'Enter the URL to send events to'],
      [{ url: 'not a url', events: ['link.created'] }, 'url', 'Enter a full URL, such as https://example.com/hooks'],
      [{ url: 'ftp://example.com/x', events: ['link.created'] }, 'url', 'The URL must start with https://'],
      [{ url: 'https://example.com/x', events: [] }, 'events', 'Choose at least one event'],
      [
        { url: 'https://example.com/x', events: ['link.exploded'] },
        'events.0',
        'Events must be among contact.created, card.updated, link.created, link.updated, link.deleted, stats.daily',
      ],
      [
        { url: 'https://example.com/x', events: ['link.created'], card_ids: [otherCard] },
        'card_ids',
        'Choose cards of this account',
      ],
    ];
    for (const [json, field, message] of cases) {
      const res = await addWebhook(user.token, json);
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(res.body.errors[field], JSON.stringify(res.body)).toEqual([message]);
    }
    expect(await endpointRows(user.id)).toEqual([]);
  });

  it('refuses a private, loopback or link-local address and this site in production, and plain http', async () => {
    const user = await registerUser();
    const refused: [string, string][] = [
      ['http://example.com/hook', 'The URL must start with https://'],
      ['https://127.0.0.1/hook', 'The URL may not point at a private, loopback or link-local address'],
      ['https://10.1.2.3/hook', 'The URL may not point at a private, loopback or link-local address'],
      ['https://169.254.169.254/latest', 'The URL may not point at a private, loopback or link-local address'],
      ['https://[::1]/hook', 'The URL may not point at a private, loopback or link-local address'],
      ['https://localhost./hook', 'The URL may not point at a private, loopback or link-local address'],
      ['https://card.test/v1/user/profile', 'The URL may not point at this site'],
    ];
    for (const [url, message] of refused) {
      const res = await apiWith(PRODUCTION, '/v1/user/webhooks', {
        method: 'POST',
        token: user.token,
        json: { url, events: ['link.created'] },
      });
      expect(res.status, url).toBe(422);
      expect(res.body.errors.url, url).toEqual([message]);
    }
    expect(await endpointRows(user.id)).toEqual([]);
  });
});

describe('webhooks of another account, and tokens', { timeout: 60_000 }, () => {
  it('another account cannot list, delete, rotate, test or read the log of a webhook (404)', async () => {
    const owner = await registerUser();
    const other = await registerUser();
    const { id } = await webhookFor(owner.token, { url: receiverUrl(newKey()), events: ['link.created'] });
    expect((await list(other)).body.data).toEqual([]);
    for (const [method, path] of [
      ['DELETE', `/v1/user/webhooks/${id}`],
      ['POST', `/v1/user/webhooks/${id}/rotate`],
      ['POST', `/v1/user/webhooks/${id}/test`],
      ['POST', `/v1/user/webhooks/${id}/enable`],
      ['GET', `/v1/user/webhooks/${id}/deliveries`],
    ] as const) {
      const res = await api(path, { method, token: other.token });
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe('Webhook not found');
    }
    expect(await endpointRows(owner.id)).toHaveLength(1);
    expect((await api('/v1/user/webhooks')).status).toBe(401);
  });

  it('a token needs webhooks:write (403 naming it); with it, the token manages the webhooks', async () => {
    const user = await registerUser();
    const { secret: weak } = await tokenFor(user, { scopes: ['links:write'] });
    const refused = await withToken(weak, '/v1/user/webhooks', {
      method: 'POST',
      json: { url: receiverUrl(newKey()), events: ['link.created'] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This token lacks the scope webhooks:write');
    expect(await endpointRows(user.id)).toEqual([]);

    const { secret: strong } = await tokenFor(user, { scopes: ['webhooks:write'] });
    const made = await withToken(strong, '/v1/user/webhooks', {
      method: 'POST',
      json: { url: receiverUrl(newKey()), events: ['link.created'] },
    });
    expect(made.status).toBe(201);
    expect((await withToken(strong, '/v1/user/webhooks')).body.data).toHaveLength(1);
    const gone = await withToken(strong, `/v1/user/webhooks/${made.body.data.id}`, { method: 'DELETE' });
    expect(gone.status).toBe(200);
    expect(await endpointRows(user.id)).toEqual([]);
  });

  it('deletes a webhook with its log', async () => {
    const user = await registerUser();
    const { id } = await webhookFor(user.token, { url: receiverUrl(newKey()), events: ['link.created'] });
    const res = await api(`/v1/user/webhooks/${id}`, { method: 'DELETE', token: user.token });
    expect(res.body).toEqual({ success: true, message: 'Webhook deleted' });
    expect((await api(`/v1/user/webhooks/${id}`, { method: 'DELETE', token: user.token })).status).toBe(404);
    expect(await endpointRows(user.id)).toEqual([]);
  });
});

describe('a delivery', { timeout: 60_000 }, () => {
  it('arrives signed as Standard Webhooks says, and verifies with both secrets during a rotation', async () => {
    const user = await registerUser();
    const key = newKey();
    const { id, secret } = await webhookFor(user.token, { url: receiverUrl(key), events: ['link.created'] });
    const test = await api(`/v1/user/webhooks/${id}/test`, { method: 'POST', token: user.token });
    expect(test.status).toBe(202);
    const [first] = await receivedAtLeast(key, 1);
    expect(first!.headers['webhook-id']).toBe(test.body.data.id);
    expect(first!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const payload = new Webhook(secret).verify(first!.body, first!.headers) as {
      type: string;
      data: { endpoint_id: string };
    };
    expect(payload.type).toBe('webhook.test');
    expect(payload.data.endpoint_id).toBe(id);
    // A wrong secret does not verify: the check above can fail.
    expect(() =>
      new Webhook(`whsec_${btoa('another secret of 32 bytes length')}`).verify(first!.body, first!.headers),
    ).toThrow();

    const rotated = await api(`/v1/user/webhooks/${id}/rotate`, { method: 'POST', token: user.token });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.data.secret as string;
    expect(fresh).not.toBe(secret);
    expect(Date.parse(rotated.body.data.previous_secret_until) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    await api(`/v1/user/webhooks/${id}/test`, { method: 'POST', token: user.token });
    const [, second] = await receivedAtLeast(key, 2);
    expect(second!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(fresh).verify(second!.body, second!.headers)).toMatchObject({ type: 'webhook.test' });
    expect(new Webhook(secret).verify(second!.body, second!.headers)).toMatchObject({ type: 'webhook.test' });
  });
});
