import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_MS, api, NetworkError } from '@/lib/api-client';
import { networkFailure } from './api/answer';
import { server } from './api/server';

// A connection that stalls (a bad phone network): the server never answers.
const stalled = () => new Promise<never>(() => {});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a call the server does not answer', () => {
  it(`is taken for no answer after ${ANSWER_MS / 1000} s, as a network failure the screens put into words`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post('/v1/user/links', stalled));
    let settled: unknown = 'pending';
    const call = api.post('/v1/user/links', { title: 'x' }).then(
      () => (settled = 'answered'),
      (error: unknown) => (settled = error),
    );
    await vi.advanceTimersByTimeAsync(ANSWER_MS - 1_000);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1_000);
    await call;
    expect(settled).toBeInstanceOf(NetworkError);
    expect((settled as Error).message).toBe('No answer in time');
  });

  it("is logged as 'Network error' and rejected when the connection fails with no answer at all", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/v1/user/links', () => networkFailure()));
    await expect(api.get('/v1/user/links')).rejects.toBeInstanceOf(NetworkError);
    expect(logged).toHaveBeenCalledWith('Network error', '/v1/user/links', expect.anything());
  });

  it('still lets its caller cancel it, as a cancel and not a failure', async () => {
    server.use(http.get('/v1/user/links', stalled));
    // Cancelled before it goes (a query given up as its screen is left): never sent, and never
    // reported as a network failure.
    const controller = new AbortController();
    controller.abort();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(api.get('/v1/user/links', controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(logged).not.toHaveBeenCalled();
  });
});
