import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../../worker/index';
import type { DrainMessage } from '../../../worker/lib/drain-message';
import { apiWith } from '../auth-helpers';
import { downImages, downQueue } from '../failing-parts';
import { registerUser } from '../helpers';
import { bucketKeys, file, form, phonePhotos, profileRow } from '../images';
import { createCard } from '../page-helpers';
import { bufferedKeys, stats, tick, view, visitor } from './events-helpers';

// The parts whose failure is tested against the whole of a store (worker-storage project): the
// queue (a tick drains every shard) and the Images binding (nothing may be left in R2).

describe('when the queue is down', { timeout: 120_000 }, () => {
  it('a tick that cannot send its drains leaves the events buffered; the next tick counts each once', async () => {
    const card = await createCard({ links: 1 });
    for (let i = 1; i <= 5; i++) expect(await view(card.username, visitor(i))).toBe(200);
    expect(await bufferedKeys(card.id)).toHaveLength(5);

    const errors: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => {
      errors.push(String(line));
    });
    const ctx = createExecutionContext();
    try {
      await expect(
        worker.scheduled(
          createScheduledController({ cron: '* * * * *' }),
          { ...env, DRAINS: downQueue<DrainMessage>() },
          ctx,
        ),
      ).rejects.toThrow(/Queue send failed/);
      await waitOnExecutionContext(ctx);
    } finally {
      spy.mockRestore();
    }
    // The failed job is logged and the invocation fails, so Cloudflare's cron history shows it.
    expect(errors.some((line) => line.includes('"job":"drains"'))).toBe(true);
    expect(await bufferedKeys(card.id)).toHaveLength(5);

    await tick();
    expect(await bufferedKeys(card.id)).toHaveLength(0);
    expect(await stats(card.token)).toMatchObject({ profile_views: 5, unique_visitors: 5 });
    await tick();
    expect(await stats(card.token)).toMatchObject({ profile_views: 5, unique_visitors: 5 });
  });
});

describe('when the Images binding is down', { timeout: 60_000 }, () => {
  it('an upload answers 503 with a message and Retry-After, and nothing is stored, not even halfway', async () => {
    const owner = await registerUser();
    const before = { row: await profileRow(owner.id), keys: await bucketKeys() };
    const res = await apiWith({ IMAGES: downImages() }, '/v1/user/profile/update', {
      method: 'POST',
      token: owner.token,
      body: form({
        name: owner.name,
        username: owner.username,
        avatar: file(phonePhotos().avatar, 'IMG_0042.jpg', 'image/jpeg'),
      }),
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('30');
    expect(res.body).toEqual({
      success: false,
      message: 'Photos cannot be processed right now. Please try again in a minute.',
    });
    expect(await profileRow(owner.id)).toEqual(before.row);
    expect(await bucketKeys()).toEqual(before.keys);
  });
});
