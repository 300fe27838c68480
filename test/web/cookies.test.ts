import { afterEach, describe, expect, it } from 'vitest';
import { getCookie, mayHaveSession, readSessionHint, removeCookie } from '@/lib/cookies';

afterEach(() => removeCookie('cl_session'));

describe('the session hint', () => {
  it("reads the access token's expiry from the hint, and nothing from a value it did not write", () => {
    document.cookie = 'cl_session=1900000000.abc123; Path=/';
    expect(readSessionHint()).toEqual({ value: '1900000000.abc123', expiresAt: 1_900_000_000_000 });
    for (const broken of ['%E0%A4%A', 'soon.abc', '.abc', '']) {
      document.cookie = `cl_session=${broken}; Path=/`;
      expect(readSessionHint()).toBeNull();
      expect(mayHaveSession()).toBe(false);
    }
  });

  it('treats a value it cannot decode as absent instead of throwing', () => {
    document.cookie = 'access_token=%E0%A4%A; Path=/';
    expect(getCookie('access_token')).toBeNull();
    removeCookie('access_token');
  });
});
