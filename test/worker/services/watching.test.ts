import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { platformStatusResponse } from '@shared/schemas/health';
import worker from '../../../worker/index';
import { countBinding, countShards } from '../../../worker/lib/count-shards';
import type { DrainMessage } from '../../../worker/lib/drain-message';
import { putEvent, shardOf } from '../../../worker/services/events/buffer';
import { signedInAdmin } from '../admin-helpers';
import { apiWith } from '../auth-helpers';
import { api, registerUser } from '../helpers';
import { metricsRecorder } from '../metrics-recorder';
import { createCard } from '../page-helpers';
import { bufferedKeys, cardVisitor, tick } from './events-helpers';

// What the operator watches once it runs (docs/operating.md: watching it run): the console's
// status page, and the cron's and the drains' log lines and metrics. Whole-store: the status
// and a tick read the whole buffer (worker-storage project).

const MINUTE = 60_000;
const EVERY_DATABASE = ['DB', ...countShards(env).map(countBinding)];

/** A view of the card buffered `ago` ms in the past, as if the drains had stalled since. */
async function bufferedAgo(ownerId: string, ago: number, n = 1) {
  const id = crypto.randomUUID();
  await putEvent(
    env.EVENTS,
    {
      ownerId,
      kind: 'view',
      linkId: null,
      at: Date.now() - ago,
      visitor: cardVisitor(ownerId, n),
      country: null,
      referrer: null,
      device: 'mobile',
      channel: 'direct',
    },
    id,
  );
  return shardOf(ownerId, id);
}

/** The real database, answering as one that has grown to `bytes` would (D1's `size_after`). */
function grownTo(d1: D1Database, bytes: number): D1Database {
  const statement = (real: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(real, {
      get(target, key) {
        if (key === 'bind') return (...values: unknown[]) => statement(target.bind(...values));
        const value = Reflect.get(target, key) as unknown;
        if (typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          const result = (await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args)) as D1Result;
          return result && typeof result === 'object' && 'meta' in result
            ? { ...result, meta: { ...result.meta, size_after: bytes } }
            : result;
        };
      },
    });
  return new Proxy(d1, {
    get(target, key) {
      if (key === 'prepare') return (query: string) => statement(target.prepare(query));
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('the status page', { timeout: 120_000 }, () => {
  it('shows every database, the buffer and the queue; an idle deployment needs nothing', async () => {
    const admin = await signedInAdmin();
    await tick();
    const res = await api('/v1/admin/status', { token: admin.token });
    expect(res.status).toBe(200);
    const { data } = platformStatusResponse.parse(res.body);
    expect(data.databases.map((db) => db.binding)).toEqual(EVERY_DATABASE);
    expect(data.databases.every((db) => db.size_bytes > 0 && !db.needs_action)).toBe(true);
    expect(data.databases[0]!.migration).toBe(env.TEST_MIGRATIONS.at(-1)!.name);
    expect(data.buffer).toEqual({
      keys: 0,
      events: 0,
      more: false,
      shards: 0,
      oldest_at: null,
      lag_seconds: null,
      needs_action: false,
    });
    expect(data.queue).toEqual({ messages: 0, oldest_at: null });
    expect(data.thresholds).toEqual({ database_bytes: 8_000_000_000, lag_seconds: 600 });
  });

  it('marks drains more than 10 minutes behind, and a database past 8 GB', async () => {
    const admin = await signedInAdmin();
    const card = await createCard();
    await bufferedAgo(card.id, 9 * MINUTE, 1);
    const recent = await api('/v1/admin/status', { token: admin.token });
    expect(recent.body.data.buffer).toMatchObject({ events: 1, shards: 1, needs_action: false });
    expect(recent.body.data.buffer.lag_seconds).toBeGreaterThanOrEqual(540);

    await bufferedAgo(card.id, 12 * MINUTE, 2);
    const late = await api('/v1/admin/status', { token: admin.token });
    expect(late.body.data.buffer).toMatchObject({ events: 2, needs_action: true });
    expect(late.body.data.buffer.lag_seconds).toBeGreaterThanOrEqual(720);
    expect(Date.parse(late.body.data.buffer.oldest_at)).toBeLessThanOrEqual(Date.now() - 12 * MINUTE);

    const grown = countBinding(countShards(env).length - 1);
    const big = await apiWith({ [grown]: grownTo(env[grown]!, 8_200_000_000) }, '/v1/admin/status', {
      token: admin.token,
    });
    const flagged = (big.body.data.databases as { binding: string; needs_action: boolean }[]).filter(
      (db) => db.needs_action,
    );
    expect(flagged.map((db) => db.binding)).toEqual([grown]);
  });

  it('does not exist for anyone but an operator signed in with a second factor', async () => {
    const user = await registerUser();
    expect((await api('/v1/admin/status', { token: user.token })).status).toBe(404);
    expect((await api('/v1/admin/status')).status).toBe(404);
  });
});

/** Every console.log line written while `run` runs, parsed. */
async function logLines(run: () => Promise<void>) {
  const lines: Record<string, unknown>[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
    if (typeof line === 'string' && line.startsWith('{')) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return lines;
}

describe('the cron and the drains', { timeout: 120_000 }, () => {
  it('a tick logs and counts the drains it sent, what the buffer holds, how late the oldest is and how long it took', async () => {
    await tick();
    const card = await createCard();
    const shard = await bufferedAgo(card.id, 7 * MINUTE, 3);
    const metrics = metricsRecorder();
    // On the hour, so the tick also measures every database.
    const onTheHour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const lines = await logLines(async () => {
      const ctx = createExecutionContext();
      const controller = createScheduledController({ cron: '* * * * *', scheduledTime: onTheHour });
      await worker.scheduled(controller, { ...env, METRICS: metrics.binding }, ctx);
      await waitOnExecutionContext(ctx);
    });
    const line = lines.find((l) => l.job === 'scheduled')!;
    expect(line).toMatchObject({
      level: 'info',
      drains: [shard],
      buffer: { keys: 1, events: 1, complete: true },
      queue: expect.any(Number),
      ms: expect.any(Number),
    });
    expect((line.buffer as { oldestSeconds: number }).oldestSeconds).toBeGreaterThanOrEqual(420);
    expect(Object.keys(line.sizes as object)).toEqual(EVERY_DATABASE);
    expect(Object.values(line.sizes as object).every((bytes) => typeof bytes === 'number' && bytes > 0)).toBe(true);

    const ticks = metrics.points.filter((point) => point.blobs?.[0] === 'tick');
    expect(ticks).toHaveLength(1);
    expect(ticks[0]!.doubles!.slice(0, 2)).toEqual([1, 1]);
    expect(ticks[0]!.doubles![2]).toBeGreaterThanOrEqual(420);
    const sizes = metrics.points.filter((point) => point.blobs?.[0] === 'd1');
    expect(sizes.map((point) => point.blobs![1])).toEqual(EVERY_DATABASE);

    // Off the hour, no database is measured.
    const later = await logLines(async () => {
      const ctx = createExecutionContext();
      const controller = createScheduledController({ cron: '* * * * *', scheduledTime: onTheHour + MINUTE });
      await worker.scheduled(controller, env, ctx);
      await waitOnExecutionContext(ctx);
    });
    expect(later.find((l) => l.job === 'scheduled')).not.toHaveProperty('sizes');
    // The drains those ticks sent run on the queue meanwhile: the buffer is empty once they have.
    for (let wait = 0; (await bufferedKeys(card.id)).length > 0; wait++) {
      if (wait > 500) throw new Error('the drains did not run');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it('a drain logs and counts the events it folded, its lag and its duration', async () => {
    await tick();
    const card = await createCard();
    const shard = await bufferedAgo(card.id, 8 * MINUTE, 4);
    const metrics = metricsRecorder();
    const batch = createMessageBatch<DrainMessage>('cardlink-drains', [
      { id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body: { shard } },
    ]);
    const lines = await logLines(async () => {
      const ctx = createExecutionContext();
      await worker.queue(batch, { ...env, METRICS: metrics.binding }, ctx);
      await waitOnExecutionContext(ctx);
    });
    const line = lines.find((l) => l.job === 'drain')!;
    expect(line).toMatchObject({ level: 'info', drain: { shard, events: 1 }, ms: expect.any(Number) });
    expect(line.lagSeconds).toBeGreaterThanOrEqual(480);
    const [point] = metrics.points;
    expect(metrics.points).toHaveLength(1);
    expect(point!.blobs).toEqual(['drain', String(shard)]);
    expect(point!.doubles![0]).toBe(1);
    expect(point!.doubles![1]).toBeGreaterThanOrEqual(480);
  });
});
