// Session tokens live in cookies (docs/product.md §3 and §9): path /, SameSite lax, secure only over https.
import { decodeComponent } from '@shared/uri';

export const ACCESS_TOKEN = 'access_token';
export const REFRESH_TOKEN = 'refresh_token';

export function getCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split('; ')) {
    // Not an encoding we wrote (e.g. a stray `%`): treated as absent rather than breaking startup.
    if (part.startsWith(prefix)) return decodeComponent(part.slice(prefix.length));
  }
  return null;
}

export function setCookie(name: string, value: string, maxAgeSeconds = 60 * 60 * 24 * 30) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

export function removeCookie(name: string) {
  // Expires in the past as well as Max-Age=0: some engines keep a Max-Age=0 cookie until the clock ticks.
  document.cookie = `${name}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}

export const getAccessToken = () => getCookie(ACCESS_TOKEN);
export const getRefreshToken = () => getCookie(REFRESH_TOKEN);

export function storeTokens(token: string, refreshToken: string) {
  setCookie(ACCESS_TOKEN, token);
  setCookie(REFRESH_TOKEN, refreshToken);
}

export function clearTokens() {
  removeCookie(ACCESS_TOKEN);
  removeCookie(REFRESH_TOKEN);
}

/** docs/product.md §5: expiry is read from the token's exp claim; missing or undecodable counts as expired. */
export function isTokenExpired(token: string | null, nowMs = Date.now()): boolean {
  if (!token) return true;
  try {
    const payload = token.split('.')[1];
    if (!payload) return true;
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp !== 'number' || json.exp * 1000 <= nowMs;
  } catch {
    return true;
  }
}
