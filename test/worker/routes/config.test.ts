// GET /v1/config: the run-time settings anyone may read (the support contacts of a pending account).
import { createExecutionContext, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '../../../worker/app';
import { api, readAnswer, toRequest } from '../helpers';

const withVars = async (vars: Partial<typeof env>, init: Parameters<typeof toRequest>[1] = {}) =>
  readAnswer(await app.fetch(toRequest('/v1/config', init), { ...env, ...vars }, createExecutionContext()));

describe('GET /v1/config', () => {
  it('answers no support contact when none is configured (the default wrangler.toml)', async () => {
    const res = await api('/v1/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { support: { email: null, whatsapp: null } } });
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=300');
  });

  it("answers the operator's contacts from the vars, without a rebuild, trimmed, and an empty one as none", async () => {
    const res = await withVars({ SUPPORT_EMAIL: ' help@example.com ', SUPPORT_WHATSAPP: '+31 6 1234 5678' });
    expect(res.body.data).toEqual({ support: { email: 'help@example.com', whatsapp: '+31 6 1234 5678' } });
    const partial = await withVars({ SUPPORT_EMAIL: '   ', SUPPORT_WHATSAPP: '+31 6 1234 5678' });
    expect(partial.body.data.support).toEqual({ email: null, whatsapp: '+31 6 1234 5678' });
  });

  it('reveals no secret, whoever asks', async () => {
    const res = await withVars({ SUPPORT_EMAIL: 'help@example.com', JWT_SECRET: 'do-not-leak' });
    expect(JSON.stringify(res.body)).not.toContain('do-not-leak');
    expect(Object.keys(res.body.data)).toEqual(['support']);
  });

  it('refuses other methods with 405 and Allow', async () => {
    const res = await api('/v1/config', { method: 'POST', json: { support: {} } });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toContain('GET');
    expect(res.body).toEqual({ success: false, message: 'Method not allowed' });
  });
});
