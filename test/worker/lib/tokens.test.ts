import jwt from '@tsndr/cloudflare-worker-jwt';
import { describe, expect, it } from 'vitest';
import { signAccessToken, tokenOwnerId } from '../../../worker/lib/tokens';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const USER = '0b8a1c52-6f3e-4c1e-9d6a-2f7c1e0b9a11';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** An access token as the Worker signs them, issued `agoMs` before now. */
const issuedAgo = (agoMs: number) => signAccessToken(USER, SECRET, Date.now() - agoMs);

describe('tokenOwnerId (recognising the card owner, expired token or not)', () => {
  it('answers the user of a fresh token', async () => {
    expect(await tokenOwnerId(await issuedAgo(0), SECRET)).toBe(USER);
  });

  it('still answers the user of a token that expired an hour ago, or issued 29 days ago', async () => {
    // Access tokens live 15 minutes: this one expired about 45 minutes before now.
    expect(await tokenOwnerId(await issuedAgo(HOUR), SECRET)).toBe(USER);
    expect(await tokenOwnerId(await issuedAgo(29 * DAY), SECRET)).toBe(USER);
  });

  it('answers null for a token issued 31 days ago', async () => {
    expect(await tokenOwnerId(await issuedAgo(31 * DAY), SECRET)).toBeNull();
  });

  it('answers null for a tampered token, another secret, another algorithm or another type', async () => {
    const token = await issuedAgo(HOUR);
    const [header, , signature] = token.split('.') as [string, string, string];
    const forged = btoa(JSON.stringify({ sub: 'someone-else', typ: 'access', iat: 1, exp: 2, auth_ms: 1000 }))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    expect(await tokenOwnerId(`${header}.${forged}.${signature}`, SECRET)).toBeNull();
    expect(
      await tokenOwnerId(await signAccessToken(USER, 'another-secret-of-thirty-two-characters!'), SECRET),
    ).toBeNull();
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: USER, typ: 'access', iat: now, exp: now + 900, auth_ms: Date.now() };
    expect(await tokenOwnerId(await jwt.sign(claims, SECRET, { algorithm: 'HS512' }), SECRET)).toBeNull();
    expect(await tokenOwnerId(await jwt.sign(claims, '', { algorithm: 'none' }), SECRET)).toBeNull();
    expect(await tokenOwnerId(await jwt.sign({ ...claims, typ: 'refresh' }, SECRET), SECRET)).toBeNull();
    const { auth_ms: _, ...withoutAuthMs } = claims;
    expect(await tokenOwnerId(await jwt.sign(withoutAuthMs, SECRET), SECRET)).toBeNull();
  });

  it('answers null for garbage, never throwing', async () => {
    for (const garbage of [
      '',
      'not-a-token',
      'a.b.c',
      '%E0%A4%A',
      '....',
      'eyJhbGciOiJIUzI1NiJ9.%%%.x',
      null,
      undefined,
    ]) {
      await expect(tokenOwnerId(garbage, SECRET)).resolves.toBeNull();
    }
  });
});
