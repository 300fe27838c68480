import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { healthResponse, versionResponse } from '@shared/schemas/health';
import { errorResponse } from '@shared/schemas/responses';
import type { Bindings } from '../../../worker/env';
import { countBinding, countShards } from '../../../worker/lib/count-shards';
import { apiWith } from '../auth-helpers';
import { downD1, downKv, downQueue, downR2 } from '../failing-parts';
import { api } from '../helpers';
import pkg from '../../../package.json';

// What an uptime monitor reads (docs/operating.md: watching it run): every part answers, or the
// parts that do not are named, with a Retry-After and nothing from inside them.

const EVERY_PART = ['DB', ...countShards(env).map(countBinding), 'KV', 'R2', 'queue'];

/** The health check with some parts replaced by ones that fail; the error lines logged meanwhile. */
async function healthWith(overrides: Partial<Bindings>, path = '/v1/health') {
  const errors: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => {
    errors.push(String(line));
  });
  try {
    return { ...(await apiWith(overrides, path)), errors };
  } finally {
    spy.mockRestore();
  }
}

describe('GET /v1/health', { timeout: 60_000 }, () => {
  it('answers 200 naming every part it probed, never stored by a cache', async () => {
    const res = await api('/v1/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const { data } = healthResponse.parse(res.body);
    expect(data.status).toBe('ok');
    expect(Object.keys(data.parts).sort()).toEqual([...EVERY_PART].sort());
  });

  it('is the same at /health and /healthz, where monitors look first: JSON, never the app page', async () => {
    for (const path of ['/health', '/healthz']) {
      const res = await api(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Content-Type')).toContain('application/json');
      expect(healthResponse.parse(res.body).data.parts).toHaveProperty('KV', 'ok');
      expect((await healthWith({ MEDIA: downR2() }, path)).status, path).toBe(503);
    }
  });

  const failures: [string, Partial<Bindings>][] = [
    ['DB', { DB: downD1() }],
    [countBinding(3), { [countBinding(3)]: downD1() }],
    ['KV', { EVENTS: downKv() }],
    ['R2', { MEDIA: downR2() }],
    ['queue', { DRAINS: downQueue() }],
  ];
  it.each(failures)(
    'answers 503 naming %s when it fails, with Retry-After and nothing from inside it',
    async (part, down) => {
      const res = await healthWith(down);
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toBe('30');
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      const body = errorResponse.parse(res.body);
      expect(body.message).toBe(`Failing: ${part}.`);
      expect(Object.keys(body.errors ?? {})).toEqual([part]);
      expect(res.text).not.toMatch(/D1_ERROR|Service Unavailable|internal error|stack/i);
      // The operator finds why in the log, under the answer's request id.
      const requestId = res.headers.get('X-Request-Id')!;
      const probe = res.errors.find((line) => line.includes('health probe failed'));
      expect(probe).toContain(requestId);
      expect(JSON.parse(probe!)).toMatchObject({ part });
    },
  );

  it('names every part that fails at once, and a counting database missing from the config', async () => {
    const missing: Partial<Bindings> = { [countBinding(1)]: undefined };
    const res = await healthWith({ ...missing, EVENTS: downKv(), MEDIA: downR2() });
    expect(res.status).toBe(503);
    expect(Object.keys(res.body.errors as object).sort()).toEqual([countBinding(1), 'KV', 'R2'].sort());
  });

  it('answers 503 for a database whose migrations were never applied', async () => {
    // A real database, as one never migrated answers: without wrangler's table of migrations.
    const unmigrated = {
      prepare: (query: string) => env.DB.prepare(query.replace(/\bd1_migrations\b/, 'd1_migrations_never_made')),
    } as unknown as D1Database;
    const res = await healthWith({ [countBinding(0)]: unmigrated });
    expect(res.status).toBe(503);
    expect(res.body.errors).toEqual({ [countBinding(0)]: [`${countBinding(0)} did not answer its probe.`] });
  });
});

describe('GET /v1/version', { timeout: 30_000 }, () => {
  it("answers package.json's version, the commit and time of the build, and each database's last migration", async () => {
    const res = await api('/v1/version');
    expect(res.status).toBe(200);
    const { data } = versionResponse.parse(res.body);
    expect(data.version).toBe(pkg.version);
    expect(data.commit).toMatch(/^([0-9a-f]{12}(-dirty)?|unknown)$/);
    expect(Date.parse(data.built_at!)).toBeLessThanOrEqual(Date.now());
    const last = (migrations: { name: string }[]) => migrations.at(-1)!.name;
    expect(data.schema).toEqual(
      Object.fromEntries([
        ['DB', last(env.TEST_MIGRATIONS)],
        ...countShards(env).map((shard) => [countBinding(shard), last(env.TEST_COUNT_MIGRATIONS)]),
      ]),
    );
  });
});

describe('unknown paths', { timeout: 30_000 }, () => {
  it('under /v1 keep answering the JSON 404', async () => {
    const res = await api('/v1/healthy');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Not found' });
  });
});
