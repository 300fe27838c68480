import { env } from 'cloudflare:workers';
import { scrypt } from 'node:crypto';

// Passwords: scrypt (OWASP: N=2^15, r=8, p=3) through workerd's native node:crypto, with the
// parameters stored beside the hash so they can be raised later without locking anyone out.
const N = 2 ** 15;
const R = 8;
const P = 3;
const KEY_LENGTH = 32;

const encoder = new TextEncoder();

export const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));

const derive = (password: string, salt: Uint8Array, n: number, r: number, p: number, length: number) =>
  new Promise<Uint8Array>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(new Uint8Array(key)),
    );
  });

/**
 * The cost new hashes get: OWASP's N, except in the test suite, which signs up hundreds of
 * accounts and sets TEST_PASSWORD_COST (vitest.config.ts). It is honoured only in development,
 * and each hash carries its own N, so verifying never depends on it.
 */
export function passwordCost(vars: { ENVIRONMENT?: string; TEST_PASSWORD_COST?: string }) {
  const cheap = Number(vars.TEST_PASSWORD_COST);
  return vars.ENVIRONMENT === 'development' && Number.isInteger(Math.log2(cheap)) && cheap >= 2 ? cheap : N;
}

export async function hashPassword(password: string): Promise<string> {
  const n = passwordCost(env);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const key = await derive(password, salt, n, R, P, KEY_LENGTH);
  return `scrypt$${n}$${R}$${P}$${toBase64Url(salt)}$${toBase64Url(key)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = fromBase64Url(key);
  const actual = await derive(password, fromBase64Url(salt), Number(n), Number(r), Number(p), expected.length);
  return timingSafeEqual(actual, expected);
}

export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/** SHA-256 for high-entropy secrets (refresh and reset tokens): fast lookups by hash. */
export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(text));
  return toBase64Url(new Uint8Array(digest));
}

/** An opaque random token of 32 bytes. */
export const randomToken = () => toBase64Url(crypto.getRandomValues(new Uint8Array(32)));

/** A uniformly random 6-digit code (rejection sampling, no modulo bias). */
export function randomCode(): string {
  const buffer = new Uint32Array(1);
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? 0;
    if (value < limit) return String(value % 1_000_000).padStart(6, '0');
  }
}

/** Codes are only 6 digits, so they are hashed with a per-row salt-like key (the reset id). */
export const hashCode = (resetId: string, code: string) => sha256(`${resetId}:${code}`);
