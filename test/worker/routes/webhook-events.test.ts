import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import worker from '../../../worker/index';
import { countDatabase } from '../../../worker/lib/count-shards';
import { api, newAccount, registerUser } from '../helpers';
import { postForm } from '../images';
import { GRACE, ownerWithExchange, postContact } from '../contacts/contact-helpers';
import { countShards } from '../../../worker/lib/count-shards';
import { turnOf } from '../../../worker/jobs';
import { deliveryRows, newKey, received, receivedAtLeast, receiverUrl, webhookFor } from '../webhook-helpers';

const DAY_MS = 86_400_000;
/**
 * The latest minute, up to now, whose cron turn is the webhooks' (worker/jobs.ts): a tick of the
 * past rather than of the future, so the deliveries it makes are due at once, as a real tick's are.
 */
function webhooksMinute() {
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  for (let minute = 0; minute < 60; minute++) {
    const at = now - minute * 60_000;
    if (turnOf(at, countShards(env).length).job === 'webhooks') return at;
  }
  throw new Error('no webhooks turn within the hour');
}

type Body = { type: string; timestamp: string; data: Record<string, unknown> };

/** The bodies a receiver got, each verified with the endpoint's secret as an integrator would. */
async function verified(key: string, secret: string, count: number) {
  const got = await receivedAtLeast(key, count);
  return got.map((delivery) => new Webhook(secret).verify(delivery.body, delivery.headers) as Body);
}

const newCard = async (token: string) => {
  const res = await api('/v1/cards', {
    method: 'POST',
    token,
    json: { username: newAccount().username, name: 'Second' },
  });
  return res.body.data.id as string;
};

describe('webhook events from their real actions', { timeout: 60_000 }, () => {
  it('link.created, link.updated and link.deleted carry the link, each only to endpoints that chose it', async () => {
    const user = await registerUser();
    const [all, onlyCreated] = [newKey(), newKey()];
    const hook = await webhookFor(user.token, {
      url: receiverUrl(all),
      events: ['link.created', 'link.updated', 'link.deleted'],
    });
    const created = await webhookFor(user.token, { url: receiverUrl(onlyCreated), events: ['link.created'] });

    const made = await api('/v1/user/links', {
      method: 'POST',
      token: user.token,
      json: { title: 'Portfolio', url: 'https://example.com/work' },
    });
    const id = made.body.link.id as number;
    await receivedAtLeast(all, 1);
    await api(`/v1/user/links/${id}`, { method: 'PUT', token: user.token, json: { title: 'My work' } });
    await receivedAtLeast(all, 2);
    await api(`/v1/user/links/${id}`, { method: 'DELETE', token: user.token });
    const bodies = await verified(all, hook.secret, 3);

    expect(bodies.map((body) => body.type)).toEqual(['link.created', 'link.updated', 'link.deleted']);
    expect(bodies[0]!.data).toEqual({
      card: { id: expect.any(String), username: user.username },
      link: made.body.link,
    });
    expect(bodies[1]!.data.link).toMatchObject({ id, title: 'My work', url: 'https://example.com/work' });
    expect(bodies[2]!.data.link).toEqual({ id });
    const onlyFirst = await verified(onlyCreated, created.secret, 1);
    expect(onlyFirst.map((body) => body.type)).toEqual(['link.created']);
    expect(await deliveryRows(created.id)).toHaveLength(1);
  });

  it('card.updated names the fields changed; an endpoint covering another card hears nothing', async () => {
    const user = await registerUser();
    const second = await newCard(user.token);
    const [mine, elsewhere] = [newKey(), newKey()];
    const hook = await webhookFor(user.token, { url: receiverUrl(mine), events: ['card.updated'] });
    const other = await webhookFor(user.token, {
      url: receiverUrl(elsewhere),
      events: ['card.updated'],
      card_ids: [second],
    });
    await postForm('/v1/user/profile/update', user.token, { name: 'Ada King', bio: 'Engines' });
    const [body] = await verified(mine, hook.secret, 1);
    expect(body!.type).toBe('card.updated');
    expect(body!.data).toEqual({ card: { id: expect.any(String), username: user.username }, fields: ['name', 'bio'] });
    expect(await deliveryRows(other.id)).toEqual([]);
    expect(await received(elsewhere)).toEqual([]);
  });

  it('a visitor’s contact on a card sends contact.created with the contact', async () => {
    const owner = await ownerWithExchange();
    const key = newKey();
    const hook = await webhookFor(owner.token, { url: receiverUrl(key), events: ['contact.created'] });
    const sent = await postContact(owner.username, GRACE);
    expect(sent.status).toBe(201);
    const [body] = await verified(key, hook.secret, 1);
    expect(body).toEqual({
      type: 'contact.created',
      timestamp: expect.any(String),
      data: {
        card: { id: expect.any(String), username: owner.username },
        contact: {
          id: expect.any(String),
          name: GRACE.name,
          email: GRACE.email,
          phone: expect.stringContaining('555'),
          company: GRACE.company,
          note: GRACE.note,
          created_at: expect.any(String),
        },
      },
    });
  });

  it('stats.daily: the cron sends one summary per card of yesterday, once', async () => {
    const user = await registerUser();
    const second = await newCard(user.token);
    const key = newKey();
    const hook = await webhookFor(user.token, { url: receiverUrl(key), events: ['stats.daily'], card_ids: [second] });
    const yesterday = Math.floor(webhooksMinute() / DAY_MS) - 1;
    const { shard } = (await env.DB.prepare('SELECT count_shard AS shard FROM cards WHERE id = ?')
      .bind(second)
      .first<{ shard: number }>())!;
    await countDatabase(env, shard)
      .prepare('INSERT INTO daily_stats (user_id, day, views, clicks, visitors) VALUES (?, ?, 12, 5, 7)')
      .bind(second, yesterday)
      .run();
    // Each webhooks turn sums up a few endpoints: tick until this one's turn came.
    for (let turn = 0; turn < 10 && (await deliveryRows(hook.id)).length === 0; turn++) {
      const ctx = createExecutionContext();
      await worker.scheduled(
        createScheduledController({ cron: '* * * * *', scheduledTime: webhooksMinute() }),
        env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
    }
    const [body] = await verified(key, hook.secret, 1);
    expect(body!.type).toBe('stats.daily');
    expect(body!.data).toEqual({
      card: { id: second, username: expect.any(String) },
      date: new Date(yesterday * DAY_MS).toISOString().slice(0, 10),
      views: 12,
      clicks: 5,
      unique_visitors: 7,
    });
    // Another tick the same day sends nothing more.
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '* * * * *', scheduledTime: webhooksMinute() }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await deliveryRows(hook.id)).toHaveLength(1);
  });
});
