import { afterEach, describe, expect, it } from 'vitest';
import { getCookie, removeCookie, setCookie } from '@/lib/cookies';

afterEach(() => removeCookie('access_token'));

describe('token cookies', () => {
  it('reads back what was stored, encoded characters included', () => {
    setCookie('access_token', 'a.b=c;d');
    expect(getCookie('access_token')).toBe('a.b=c;d');
  });

  it('treats a value it cannot decode as absent instead of throwing', () => {
    document.cookie = 'access_token=%E0%A4%A; Path=/';
    expect(getCookie('access_token')).toBeNull();
  });
});
