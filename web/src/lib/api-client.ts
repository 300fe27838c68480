import { isAuthPath, paths } from '@/app/paths';
import { clearTokens, getAccessToken, getRefreshToken, storeTokens } from './cookies';

/** An error answer of the API: `{ success: false, message, errors? }` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    /** False when the answer carried no message and `message` is only a stand-in. */
    readonly hasServerMessage = true,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What to show for a failure: the error's own message (the server's, for an ApiError), else the fallback. */
export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/** Puts the server's `errors` map (422) under the form's own fields, first message each. */
export function applyFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  setError: (field: F, error: { type: string; message: string }) => void,
) {
  if (!(error instanceof ApiError)) return;
  for (const field of fields) {
    const message = error.errors[field]?.[0];
    if (message) setError(field, { type: 'server', message });
  }
}

export const isAbortError = (error: unknown) =>
  (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';

type RequestOptions = {
  method?: string;
  json?: unknown;
  body?: BodyInit;
  signal?: AbortSignal;
};

// Spec section 4: these calls never trigger the refresh-and-retry of a 401.
const NO_REFRESH = ['/v1/auth/login', '/v1/auth/register', '/v1/auth/refresh', '/v1/auth/logout'];

let onSessionExpired: () => void = () => window.location.assign(paths.login);
/** The router installs a client-side navigation for the redirect after a failed refresh. */
export const setSessionExpiredHandler = (handler: () => void) => {
  onSessionExpired = handler;
};

let refreshing: Promise<boolean> | null = null;

/** POST /v1/auth/refresh once for all concurrent 401s; true when new tokens were stored. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = getRefreshToken();
    if (!refreshToken) return false;
    try {
      const res = await fetch('/v1/auth/refresh', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
      const body = (await res.json().catch(() => ({}))) as {
        success?: boolean;
        token?: string;
        refresh_token?: string;
      };
      if (!res.ok || !body.success || !body.token || !body.refresh_token) return false;
      storeTokens(body.token, body.refresh_token);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.json !== undefined) headers.set('Content-Type', 'application/json');
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers,
      body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
      signal: options.signal,
    });
  } catch (error) {
    if (!isAbortError(error)) console.error('Network error', path, error);
    throw error;
  }
}

async function readError(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> };
  return new ApiError(
    res.status,
    body.message || res.statusText || 'Request failed',
    body.errors ?? {},
    Boolean(body.message),
  );
}

/**
 * Calls the API and answers its JSON body. A 401 is refreshed once and retried (never for the
 * auth calls themselves, nor on an auth page); when that fails the tokens go and the user is
 * sent to the sign-in screen.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let res = await send(path, options);
  if (res.status === 401 && !NO_REFRESH.includes(path) && !isAuthPath(window.location.pathname)) {
    if (await refreshSession()) {
      res = await send(path, options);
    } else {
      clearTokens();
      onSessionExpired();
    }
  }
  if (!res.ok) throw await readError(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, json?: unknown, signal?: AbortSignal) =>
    apiRequest<T>(path, { method: 'POST', json: json ?? {}, signal }),
  put: <T>(path: string, json: unknown) => apiRequest<T>(path, { method: 'PUT', json }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
  postForm: <T>(path: string, body: FormData) => apiRequest<T>(path, { method: 'POST', body }),
};

export type UploadOptions = { onProgress?: (percent: number) => void; signal?: AbortSignal };

function xhrUpload(path: string, body: FormData, { onProgress, signal }: UploadOptions) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.onabort = () => reject(new DOMException('Upload canceled', 'AbortError'));
    if (signal?.aborted) return reject(new DOMException('Upload canceled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** A multipart upload with progress (fetch cannot report upload progress) and cancel. */
export async function uploadWithProgress<T>(path: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  let result = await xhrUpload(path, body, options);
  if (result.status === 401 && (await refreshSession())) result = await xhrUpload(path, body, options);
  let parsed: { message?: string; errors?: Record<string, string[]> } = {};
  try {
    parsed = JSON.parse(result.text) as typeof parsed;
  } catch {
    // A non-JSON answer (a proxy's error page) is reported by status below.
  }
  if (result.status < 200 || result.status >= 300) {
    throw new ApiError(result.status, parsed.message || 'Upload failed', parsed.errors ?? {});
  }
  return parsed as T;
}
