import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, newAccount, registerUser } from '../helpers';
import { apiWith, post } from '../auth-helpers';

type Answer = { status: number; headers: Headers; body: Record<string, unknown> };

function expectSecurityHeaders(res: Answer) {
  expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
  expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('X-Frame-Options')).toBe('DENY');
  expect(res.headers.get('Strict-Transport-Security')).toContain('max-age=');
  expect(res.headers.get('X-Request-Id')).toMatch(/^[\w-]{8,64}$/);
}

/** An error answer is the wire shape only: no stack, no internal names or messages. */
function expectCleanError(res: Answer & { text?: string }, status: number) {
  expect(res.status).toBe(status);
  expect(res.body.success).toBe(false);
  expect(res.body.message).toEqual(expect.any(String));
  expect(Object.keys(res.body).every((key) => ['success', 'message', 'errors'].includes(key))).toBe(true);
  const text = JSON.stringify(res.body);
  for (const leak of [
    'stack',
    'Error:',
    '    at ',
    '.ts:',
    'SQLITE',
    'D1_',
    'undefined',
    'TypeError',
    'JSON at position',
  ]) {
    expect(text).not.toContain(leak);
  }
}

describe('every answer', { timeout: 30_000 }, () => {
  it('carries the security headers and a request id: success, 4xx and 404', async () => {
    const user = await registerUser();
    const answers = [
      await api('/v1/user/profile', { token: user.token }),
      await api('/v1/user/profile'),
      await post('/v1/auth/login', {}),
      await api('/v1/no-such-route'),
      await post('/v1/auth/login', { email: newAccount().email, password: 'whatever1' }),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 401, 422, 404, 401]);
    for (const res of answers) expectSecurityHeaders(res);
    const ids = new Set(answers.map((res) => res.headers.get('X-Request-Id')));
    expect(ids.size).toBe(answers.length);
  });

  it('echoes a well-formed incoming request id and replaces a malformed one', async () => {
    const mine = await api('/v1/no-such-route', { headers: { 'X-Request-Id': 'trace-1234abcd' } });
    expect(mine.headers.get('X-Request-Id')).toBe('trace-1234abcd');
    const hostile = await api('/v1/no-such-route', { headers: { 'X-Request-Id': 'a b<script>' } });
    expect(hostile.headers.get('X-Request-Id')).not.toContain('<');
  });
});

describe('error answers', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('malformed JSON is a clean 400', async () => {
    const res = await api('/v1/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email": "a@example.com", "password": ',
    });
    expectCleanError(res, 400);
    expect(res.body.message).toBe('The request body is malformed.');
    expectSecurityHeaders(res);
  });

  it('JSON that is not an object is a 422 in plain words, on every JSON route', async () => {
    for (const body of ['[]', 'null', '5', '"text"', 'true', '[{"email":"a@example.com"}]']) {
      for (const path of ['/v1/auth/login', '/v1/auth/register']) {
        const res = await api(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
        expectCleanError(res, 422);
        expect(res.body, `${path} ${body}`).toEqual({
          success: false,
          message: 'The request body must be a JSON object.',
          errors: { _: ['The request body must be a JSON object.'] },
        });
      }
    }
  });

  it('a body that is not JSON is refused without reaching the account', async () => {
    const res = await api('/v1/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ email: 'a@example.com', password: 'secret123' }),
    });
    // A JSON route reads only a JSON-typed body; anything else is refused before the schema.
    expectCleanError(res, 415);
    expect(res.body.message).toBe('The request body must be JSON (Content-Type: application/json).');
  });

  it('a huge body is a clean 413', async () => {
    const res = await post('/v1/auth/register', { ...newAccount(), name: 'x'.repeat(64 * 1024) });
    expectCleanError(res, 413);
    expect(res.body.message).toBe('The request body is too large.');
  });

  it('a body the client breaks off while sending is a clean 400, not a server error', async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"email":'));
        controller.error(new Error('Network connection lost.'));
      },
    });
    const res = await apiWith({}, '/v1/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: broken,
    });
    expectCleanError(res, 400);
    expect(res.body).toEqual({ success: false, message: 'The request body could not be read.' });
  });

  it('an internal failure is a generic 500; the log has the request id but no password', async () => {
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
    const password = 'very-secret-password-42';
    // A broken database binding: the route throws a TypeError deep inside the driver.
    const res = await apiWith({ DB: undefined as unknown as D1Database }, '/v1/auth/login', {
      method: 'POST',
      json: { email: 'someone@example.com', password },
    });
    expectCleanError(res, 500);
    expect(res.body).toEqual({ success: false, message: 'Something went wrong. Please try again.' });
    expectSecurityHeaders(res);
    const requestId = res.headers.get('X-Request-Id')!;
    expect(logged.some((line) => line.includes(requestId))).toBe(true);
    expect(logged.join('\n')).not.toContain(password);
  });

  it('production without JWT_SECRET refuses to sign anyone in, with a generic 500', async () => {
    const user = await registerUser();
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
    const production = { ENVIRONMENT: 'production', JWT_SECRET: undefined };
    const res = await apiWith(production, '/v1/user/profile', { token: user.token });
    expectCleanError(res, 500);
    expect(JSON.stringify(res.body)).not.toContain('JWT_SECRET');
    // The operator reads which secret, and what is wrong with it, in the log (npm run deploy cannot see values).
    expect(logged.join('\n')).toContain('secret JWT_SECRET is not set');
    // A short secret is not accepted either.
    const short = await apiWith({ ...production, JWT_SECRET: 'short-value' }, '/v1/user/profile', {
      token: user.token,
    });
    expectCleanError(short, 500);
    expect(logged.join('\n')).toContain('secret JWT_SECRET is shorter than 32 characters');
    expect(logged.join('\n')).not.toContain('short-value');
  });
});

/** Every console line written while `run` runs, whatever the level. */
async function captureLog(run: () => Promise<void>) {
  const lines: { level: string; text: string }[] = [];
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push({ level, text: args.map(String).join(' ') });
    });
  }
  try {
    await run();
  } finally {
    vi.restoreAllMocks();
  }
  return lines;
}

describe('the log', { timeout: 30_000 }, () => {
  it('has one warning per 4xx answer, with its request id, and never a password, token or query', async () => {
    const user = await registerUser();
    const password = 'Wrong-password-77';
    const queryToken = 'query-token-0123456789';
    const resetToken = 'reset-token-abcdefghij';
    const answers: Awaited<ReturnType<typeof api>>[] = [];
    const lines = await captureLog(async () => {
      answers.push(
        await api(`/v1/auth/login?email=${encodeURIComponent(user.email)}&token=${queryToken}`, {
          method: 'POST',
          json: { email: user.email, password },
        }),
        await post('/v1/auth/reset-password', {
          email: user.email,
          token: resetToken,
          password: 'weak',
          password_confirmation: 'weak',
        }),
        await api('/v1/user/profile', { token: `${user.token}x` }),
      );
    });
    expect(answers.map((res) => res.status)).toEqual([401, 422, 401]);
    const expected = [
      { method: 'POST', route: '/v1/auth/login', status: 401, message: 'Invalid email or password' },
      { method: 'POST', route: '/v1/auth/reset-password', status: 422, message: answers[1]!.body.message },
      { method: 'GET', route: '/v1/user/profile', status: 401, message: 'Invalid or expired token' },
    ];
    answers.forEach((res, i) => {
      const requestId = res.headers.get('X-Request-Id')!;
      const mine = lines.filter((line) => line.text.includes(requestId));
      expect(mine).toHaveLength(1);
      expect(mine[0]!.level).toBe('warn');
      const line = JSON.parse(mine[0]!.text) as Record<string, unknown>;
      expect(line).toEqual({ level: 'warn', requestId, ...expected[i], ms: expect.any(Number), colo: line.colo });
    });
    const all = lines.map((line) => line.text).join('\n');
    for (const secret of [password, queryToken, resetToken, 'weak', user.token, user.email]) {
      expect(all).not.toContain(secret);
    }
  });

  it('has one error line for a 5xx answer, with the request id and what went wrong', async () => {
    const password = 'very-secret-password-43';
    let res: Awaited<ReturnType<typeof api>> | undefined;
    const lines = await captureLog(async () => {
      res = await apiWith({ DB: undefined as unknown as D1Database }, '/v1/auth/login', {
        method: 'POST',
        json: { email: 'someone@example.com', password },
      });
    });
    expect(res!.status).toBe(500);
    const requestId = res!.headers.get('X-Request-Id')!;
    const mine = lines.filter((line) => line.text.includes(requestId));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.level).toBe('error');
    expect(JSON.parse(mine[0]!.text)).toMatchObject({
      level: 'error',
      requestId,
      method: 'POST',
      route: '/v1/auth/login',
      status: 500,
      message: 'Something went wrong. Please try again.',
      error: { name: expect.any(String), stack: expect.any(String) },
    });
    expect(lines.map((line) => line.text).join('\n')).not.toContain(password);
  });
});

describe('GET /v1/dev/mail', { timeout: 30_000 }, () => {
  it('answers 404 outside development, whatever the address', async () => {
    const user = await registerUser();
    await post('/v1/auth/forgot-password', { email: user.email });
    const res = await apiWith({ ENVIRONMENT: 'production' }, `/v1/dev/mail?to=${user.email}`);
    expectCleanError(res, 404);
    expect(res.text).not.toMatch(/\d{6}/);
    expect((await apiWith({ ENVIRONMENT: 'staging' }, '/v1/dev/mail')).status).toBe(404);
  });

  it('in development answers the newest mail first, and wants a valid address', async () => {
    const res = await api('/v1/dev/mail?to=not-an-email');
    expect(res.status).toBe(422);
    expect(res.body.errors.to).toEqual(['Please enter a valid email address']);
    const empty = await api(`/v1/dev/mail?to=${encodeURIComponent(newAccount().email)}`);
    expect(empty.body).toEqual({ success: true, data: [] });
  });
});
