import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { deliverMessage, RETRY_WINDOW_MS } from '../../../worker/services/webhooks/deliver';
import { api, registerUser } from '../helpers';
import { outbox } from '../auth-helpers';
import { deliveryRows, newKey, received, receivedAtLeast, receiverUrl, settled, webhookFor } from '../webhook-helpers';

const HOUR_MS = 3_600_000;
type Row = Record<string, unknown>;
const rowOf = async (endpointId: string, id: string) => (await deliveryRows(endpointId)).find((row) => row.id === id)!;
const sendTest = (token: string, id: string) => api(`/v1/user/webhooks/${id}/test`, { method: 'POST', token });

describe('retries, in simulated time', { timeout: 120_000 }, () => {
  it('retries a failing endpoint with growing delays, then disables it after three days and mails its owner', async () => {
    const user = await registerUser();
    const key = newKey();
    const hook = await webhookFor(user.token, { url: receiverUrl(key, 'status=500'), events: ['link.created'] });
    const test = await sendTest(user.token, hook.id);
    const id = test.body.data.id as string;
    // The queue makes the first attempt at once; the receiver answers 500.
    await settled(hook.id, 1);
    let row: Row = await rowOf(hook.id, id);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_status: 500,
      last_error: 'The receiver answered 500',
    });

    // Each next attempt at the moment the row says, as the delayed message would bring it.
    const delays: number[] = [];
    for (let guard = 0; guard < 40 && row.status === 'pending'; guard++) {
      delays.push(Number(row.next_at) - Number(row.last_at));
      const result = await deliverMessage(
        env,
        { delivery: id, attempt: Number(row.attempts) + 1 },
        { now: Number(row.next_at) },
      );
      expect(result).not.toBe('stale');
      row = await rowOf(hook.id, id);
    }
    expect(delays.slice(0, 7)).toEqual([5, 300, 1_800, 7_200, 18_000, 36_000, 43_200].map((s) => s * 1000));
    expect(delays.every((delay, i) => i === 0 || delay >= delays[i - 1]!)).toBe(true);
    expect(row.status).toBe('failed');
    const attempts = Number(row.attempts);
    expect(await received(key)).toHaveLength(attempts);
    // The last attempt came after three days of failures, the one before within them.
    const first = Number(row.created_at);
    expect(Number(row.last_at) - first).toBeGreaterThanOrEqual(RETRY_WINDOW_MS);
    expect(Number(row.last_at) - delays.at(-1)! - first).toBeLessThan(RETRY_WINDOW_MS);

    const [listed] = (await api('/v1/user/webhooks', { token: user.token })).body.data;
    expect(listed.disabled_at).toEqual(expect.any(String));
    const mail = await outbox(user.email);
    expect(mail.filter((m) => m.subject === 'A Cardlink webhook was disabled')).toHaveLength(1);
    expect(mail[0]!.text).toContain(receiverUrl(key, 'status=500'));

    // Disabled: events no longer reach it, a test event is refused, until it is enabled again.
    await api('/v1/user/links', {
      method: 'POST',
      token: user.token,
      json: { title: 'A', url: 'https://example.com/' },
    });
    expect(await deliveryRows(hook.id)).toHaveLength(1);
    expect((await sendTest(user.token, hook.id)).status).toBe(409);
    expect((await api(`/v1/user/webhooks/${hook.id}/enable`, { method: 'POST', token: user.token })).status).toBe(200);
    expect((await sendTest(user.token, hook.id)).status).toBe(202);
  });

  it('a success in between starts the three days afresh: the endpoint is not disabled', async () => {
    const user = await registerUser();
    const failing = await webhookFor(user.token, {
      url: receiverUrl(newKey(), 'status=503'),
      events: ['link.created'],
    });
    const id = (await sendTest(user.token, failing.id)).body.data.id as string;
    await settled(failing.id, 1);
    const start = Number((await rowOf(failing.id, id)).last_at);
    // Two and a half days on, the endpoint answered once (its failures were broken by a success).
    await env.DB.prepare('UPDATE webhook_endpoints SET failing_since = ? WHERE id = ?')
      .bind(start + 60 * HOUR_MS, failing.id)
      .run();
    const later = start + RETRY_WINDOW_MS + HOUR_MS;
    await env.DB.prepare('UPDATE webhook_deliveries SET next_at = ?, round_at = ? WHERE id = ?')
      .bind(later, later - HOUR_MS, id)
      .run();
    expect(await deliverMessage(env, { delivery: id, attempt: 2 }, { now: later })).toBe('retrying');
    const [listed] = (await api('/v1/user/webhooks', { token: user.token })).body.data;
    expect(listed.disabled_at).toBeNull();
  });
});

describe('where a delivery may go', { timeout: 60_000 }, () => {
  it('is checked again at delivery: a loopback address is refused in production, and nothing is sent', async () => {
    const user = await registerUser();
    const hook = await webhookFor(user.token, { url: receiverUrl(newKey()), events: ['link.created'] });
    // An address that became one no delivery may use (here by hand; in life a changed rule).
    const url = receiverUrl(newKey()).replace('http:', 'https:');
    await env.DB.prepare('UPDATE webhook_endpoints SET url = ? WHERE id = ?').bind(url, hook.id).run();
    const now = Date.now();
    // A delivery waiting in D1 (its message not yet sent), tried as a production Worker would.
    await env.DB.prepare(
      "INSERT INTO webhook_deliveries (id, endpoint_id, user_id, event, body, status, attempts, next_at, created_at, round_at) VALUES (?, ?, ?, 'link.created', '{}', 'pending', 0, ?, ?, ?)",
    )
      .bind(`msg_${newKey()}`, hook.id, user.id, now, now, now)
      .run();
    const [waiting] = await deliveryRows(hook.id);
    const asked: string[] = [];
    const fetcher = (async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response('ok');
    }) as typeof fetch;
    const production = { ...env, ENVIRONMENT: 'production' };
    const delivery = String(waiting!.id);
    expect(await deliverMessage(production, { delivery, attempt: 1 }, { now, fetcher })).toBe('retrying');
    expect(await rowOf(hook.id, delivery)).toMatchObject({
      attempts: 1,
      last_status: null,
      last_error: 'The URL may not point at a private, loopback or link-local address',
    });
    expect(asked).toEqual([]);
  });

  it('never follows a redirect: a 302 is a failed attempt and its target hears nothing', async () => {
    const user = await registerUser();
    const [key, target] = [newKey(), newKey()];
    const hook = await webhookFor(user.token, {
      url: receiverUrl(key, `redirect=${encodeURIComponent(receiverUrl(target))}`),
      events: ['link.created'],
    });
    await sendTest(user.token, hook.id);
    const [row] = await settled(hook.id, 1);
    expect(row).toMatchObject({ status: 'pending', last_status: 302, last_error: 'The receiver answered 302' });
    expect(await received(key)).toHaveLength(1);
    expect(await received(target)).toEqual([]);
  });
});

describe('the delivery log', { timeout: 60_000 }, () => {
  it('keeps the last 100 deliveries, newest first, with status, duration and body', async () => {
    const user = await registerUser();
    const key = newKey();
    const hook = await webhookFor(user.token, { url: receiverUrl(key), events: ['link.created'] });
    const old = Date.now() - HOUR_MS;
    const inserts = Array.from({ length: 100 }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO webhook_deliveries (id, endpoint_id, user_id, event, body, status, attempts, created_at, round_at) VALUES (?, ?, ?, 'link.created', '{}', 'delivered', 1, ?, ?)",
      ).bind(`msg_old_${String(i).padStart(3, '0')}`, hook.id, user.id, old + i, old + i),
    );
    await env.DB.batch(inserts);
    const test = await sendTest(user.token, hook.id);
    await receivedAtLeast(key, 1);
    await settled(hook.id, 100);
    const log = await api(`/v1/user/webhooks/${hook.id}/deliveries`, { token: user.token });
    expect(log.status).toBe(200);
    expect(log.body.data).toHaveLength(100);
    expect(log.body.data[0]).toEqual({
      id: test.body.data.id,
      event: 'webhook.test',
      status: 'delivered',
      attempts: 1,
      created_at: expect.any(String),
      last_attempt_at: expect.any(String),
      response_status: 200,
      duration_ms: expect.any(Number),
      error: null,
      next_attempt_at: null,
      body: (await received(key))[0]!.body,
    });
    // The oldest went; the other 99 stayed.
    const ids = (await deliveryRows(hook.id)).map((row) => row.id);
    expect(ids).toHaveLength(100);
    expect(ids).not.toContain('msg_old_000');
    expect(ids).toContain('msg_old_001');
  });

  it('Send again sends the same message (same webhook-id and body) once more', async () => {
    const user = await registerUser();
    const other = await registerUser();
    const key = newKey();
    const hook = await webhookFor(user.token, { url: receiverUrl(key), events: ['link.created'] });
    const id = (await sendTest(user.token, hook.id)).body.data.id as string;
    await receivedAtLeast(key, 1);
    await settled(hook.id, 1);
    const path = `/v1/user/webhooks/${hook.id}/deliveries/${id}/resend`;
    expect((await api(path, { method: 'POST', token: other.token })).status).toBe(404);
    expect(
      (await api(`/v1/user/webhooks/${hook.id}/deliveries/msg_none/resend`, { method: 'POST', token: user.token }))
        .status,
    ).toBe(404);
    const again = await api(path, { method: 'POST', token: user.token });
    expect(again.status).toBe(202);
    expect(again.body.message).toBe('Delivery sent again');
    const [first, second] = await receivedAtLeast(key, 2);
    expect(second!.headers['webhook-id']).toBe(id);
    expect(second!.body).toBe(first!.body);
    const rows = await deliveryRows(hook.id);
    expect(rows).toHaveLength(1);
  });
});
