import { afterEach, describe, expect, it, vi } from 'vitest';
import { resendMailer } from '../../../worker/lib/mailer';
import { apiWith } from '../auth-helpers';
import { registerUser } from '../helpers';

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
  });
});
