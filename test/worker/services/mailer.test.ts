import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { app } from '../../../worker/app';
import { resendMailer } from '../../../worker/lib/mailer';
import { apiWith } from '../auth-helpers';
import { registerUser, toRequest } from '../helpers';

// The e-mail provider's HTTP API is the one thing outside this machine: it is the only mock.
const PRODUCTION = {
  ENVIRONMENT: 'production',
  JWT_SECRET: 'production-test-secret-0123456789abcdef',
  VISITOR_SALT: 'production-test-salt-0123456789abcdef',
  RESEND_API_KEY: 're_test_key',
};

afterEach(() => vi.restoreAllMocks());

describe('production mailer', () => {
  it('posts the message to the provider with the key and sender', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response('{}', { status: 200 });
    }) as unknown as typeof fetch;
    await resendMailer('key123', 'Cardlink <no-reply@example.com>', fetcher).send({
      to: 'ada@example.com',
      subject: 'Your password reset code',
      text: 'Your code is 123456',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://api.resend.com/emails');
    expect(new Headers(calls[0]?.init.headers).get('Authorization')).toBe('Bearer key123');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      from: 'Cardlink <no-reply@example.com>',
      to: ['ada@example.com'],
      subject: 'Your password reset code',
      text: 'Your code is 123456',
    });
  });

  it('sends the reset code through the provider, and answers the same when the provider fails', async () => {
    const user = await registerUser();
    const provider = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('{}', { status: 200 }));
    const sent = await apiWith(PRODUCTION, '/v1/auth/forgot-password', { method: 'POST', json: { email: user.email } });
    expect(sent.status).toBe(200);
    const body = JSON.parse(String(provider.mock.calls[0]?.[1]?.body)) as { to: string[]; text: string };
    expect(body.to).toEqual([user.email]);
    expect(body.text).toMatch(/\b\d{6}\b/);

    const other = await registerUser();
    provider.mockResolvedValueOnce(new Response('down', { status: 503 }));
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
    const failed = await apiWith(PRODUCTION, '/v1/auth/forgot-password', {
      method: 'POST',
      json: { email: other.email },
    });
    const unknown = await apiWith(PRODUCTION, '/v1/auth/forgot-password', {
      method: 'POST',
      json: { email: `nobody-${Date.now()}@example.com` },
    });
    expect(failed.status).toBe(200);
    expect(failed.body).toEqual(unknown.body);
    // The operator learns of it: one line with the request's id, and neither the address nor a code.
    const line = logged.find((text) => text.includes(failed.headers.get('X-Request-Id')!));
    expect(line).toContain('reset mail not sent');
    expect(line).toContain('mail provider answered 503');
    expect(line).not.toContain(other.email);
    expect(line).not.toMatch(/\b\d{6}\b/);
  });

  it('answers a known address without waiting for the provider, which still gets the code', async () => {
    const user = await registerUser();
    let answerProvider: ((res: Response) => void) | undefined;
    const provider = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementationOnce(() => new Promise<Response>((resolve) => (answerProvider = resolve)));
    const ctx = createExecutionContext();
    try {
      const request = toRequest('/v1/auth/forgot-password', { method: 'POST', json: { email: user.email } });
      const answer = app.request(request, undefined, { ...env, ...PRODUCTION }, ctx);
      // The provider has not answered yet (and will not until told to): the client has its answer anyway.
      const first = await Promise.race([
        Promise.resolve(answer).then((res) => res.status),
        new Promise((resolve) => setTimeout(() => resolve('still waiting for the provider'), 10_000)),
      ]);
      expect(first).toBe(200);
      await vi.waitFor(() => expect(provider).toHaveBeenCalledTimes(1));
      answerProvider?.(new Response('{}', { status: 200 }));
      await waitOnExecutionContext(ctx);
      const body = JSON.parse(String(provider.mock.calls[0]?.[1]?.body)) as { to: string[]; text: string };
      expect(body.to).toEqual([user.email]);
      expect(body.text).toMatch(/\b\d{6}\b/);
      // The code it carries was stored and can be verified.
      const code = /\b(\d{6})\b/.exec(body.text)![1];
      const verified = await apiWith(PRODUCTION, '/v1/auth/verify-otp', {
        method: 'POST',
        json: { email: user.email, otp: code },
      });
      expect(verified.status).toBe(200);
    } finally {
      answerProvider?.(new Response('{}', { status: 200 }));
    }
  });
});
