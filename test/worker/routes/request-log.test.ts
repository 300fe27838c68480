import { afterEach, describe, expect, it, vi } from 'vitest';
import { logSampleRate } from '../../../worker/lib/config';
import { apiWith } from '../auth-helpers';
import { createCard } from '../page-helpers';
import { metricsRecorder } from '../metrics-recorder';

// One line per request (docs/decisions/0090): the route pattern, never the path, the query, the
// client's address or a token; every error, and successful answers as LOG_SAMPLE_RATE says.

const IP = '203.0.113.77';
const IPV6 = '2001:db8:5:7::42';

/** Every console line written while `run` runs, parsed, with its level. */
async function captureLog<T>(run: () => Promise<T>) {
  const lines: { level: string; text: string }[] = [];
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push({ level, text: args.map(String).join(' ') });
    });
  }
  try {
    return { result: await run(), lines };
  } finally {
    vi.restoreAllMocks();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('the request log line', { timeout: 60_000 }, () => {
  it('names the route pattern, status, duration and data centre; never the IP, an e-mail, the query or a token', async () => {
    const card = await createCard({ name: 'Logged Card' });
    const email = `${card.username}@example.com`;
    const metrics = metricsRecorder();
    const path = `/v1/p/${card.username}?email=${encodeURIComponent(email)}&token=secret-token-0123456789`;
    const { result: res, lines } = await captureLog(() =>
      apiWith({ LOG_SAMPLE_RATE: '1', METRICS: metrics.binding }, path, {
        token: card.token,
        headers: { 'CF-Connecting-IP': IP, 'X-Forwarded-For': `${IPV6}, ${IP}`, 'X-Real-IP': IP },
      }),
    );
    expect(res.status).toBe(200);
    const requestId = res.headers.get('X-Request-Id')!;
    const mine = lines.filter((line) => line.text.includes(requestId));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.level).toBe('log');
    const line = JSON.parse(mine[0]!.text) as Record<string, unknown>;
    expect(line).toEqual({
      level: 'info',
      requestId,
      method: 'GET',
      route: '/v1/p/:username',
      status: 200,
      ms: expect.any(Number),
      colo: line.colo,
    });
    const all = lines.map((l) => l.text).join('\n');
    for (const secret of [IP, IPV6, email, 'secret-token', card.token, card.username, '?', 'email=']) {
      expect(all).not.toContain(secret);
    }
    // The same request, counted once in the metrics, with nothing more in it.
    expect(metrics.points).toEqual([
      {
        indexes: ['request'],
        blobs: ['request', '/v1/p/:username', 'GET', '200', line.colo ?? ''],
        doubles: [1, line.ms],
      },
    ]);
  });

  it('names the route a middleware refused for (a 401) and calls a path no route has unmatched', async () => {
    const { result, lines } = await captureLog(async () => [
      await apiWith({ LOG_SAMPLE_RATE: '0' }, '/v1/user/links/42', { method: 'PUT', json: {}, token: 'not-a-token' }),
      await apiWith({ LOG_SAMPLE_RATE: '0' }, '/v1/users/someone@example.com/secret'),
    ]);
    expect(result.map((res) => res.status)).toEqual([401, 404]);
    const logged = result.map((res) => {
      const text = lines.find((line) => line.text.includes(res.headers.get('X-Request-Id')!))!.text;
      return JSON.parse(text) as Record<string, unknown>;
    });
    expect(logged.map(({ level, route, status }) => ({ level, route, status }))).toEqual([
      { level: 'warn', route: '/v1/user/links/:id', status: 401 },
      { level: 'warn', route: 'unmatched', status: 404 },
    ]);
    expect(lines.map((line) => line.text).join('\n')).not.toContain('someone@example.com');
  });

  it('logs and counts successful answers as LOG_SAMPLE_RATE says, and every error whatever it says', async () => {
    const card = await createCard();
    const metrics = metricsRecorder();
    const at = (rate: string, path = `/v1/p/${card.username}`) =>
      captureLog(() => apiWith({ LOG_SAMPLE_RATE: rate, METRICS: metrics.binding }, path));
    expect((await at('0')).lines).toHaveLength(0);
    expect((await at('0', '/v1/p/nobody_here_at_all')).lines.map((l) => l.level)).toEqual(['warn']);
    // A quarter: a request whose draw falls under it is logged and stands for four.
    vi.spyOn(Math, 'random').mockReturnValue(0.2);
    expect((await at('0.25')).lines).toHaveLength(1);
    vi.spyOn(Math, 'random').mockReturnValue(0.3);
    expect((await at('0.25')).lines).toHaveLength(0);
    vi.restoreAllMocks();
    expect(metrics.points.map((point) => [point.blobs?.[3], point.doubles?.[0]])).toEqual([
      ['404', 1],
      ['200', 4],
    ]);
    // The health check is no traffic: a monitor's minute-by-minute probes would drown the rest.
    expect((await at('1', '/v1/health')).lines).toHaveLength(0);
  });

  it('reads LOG_SAMPLE_RATE as a share from 0 to 1, 0.1 when unset or not a number', () => {
    expect(logSampleRate({ LOG_SAMPLE_RATE: '0.5' })).toBe(0.5);
    expect(logSampleRate({ LOG_SAMPLE_RATE: ' 1 ' })).toBe(1);
    expect(logSampleRate({ LOG_SAMPLE_RATE: '7' })).toBe(1);
    expect(logSampleRate({ LOG_SAMPLE_RATE: '-1' })).toBe(0);
    expect(logSampleRate({ LOG_SAMPLE_RATE: 'often' })).toBe(0.1);
    expect(logSampleRate({})).toBe(0.1);
  });
});
