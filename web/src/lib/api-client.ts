import { appLanguage } from './i18n';
import { isAuthPath, paths } from '@/config/paths';
import { TOKEN_DELIVERY_HEADER } from '@shared/session-cookies';
import { cardPath } from './card-in-view';
import { forgetSession } from './cookies';
import { refreshSession, sessionMark } from './refresh-session';

/** An error answer of the API: `{ success: false, message, errors? }` with its status. */
export class ApiError extends Error {
  /** The message the server sent, if any; without one `message` is only a stand-in for logs. */
  readonly serverMessage: string | undefined;

  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    serverMessage?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.serverMessage = serverMessage || undefined;
  }
}

/**
 * No answer at all (offline, DNS, CORS). A TypeError like fetch's own rejection, so code that
 * tells network failures apart by that still does; its message is never shown as such.
 */
export class NetworkError extends TypeError {
  constructor(message = 'Network error', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

/**
 * What to show for a failure (docs/product.md §8): the server's message, else the fallback. A
 * network failure has no message worth showing ('Failed to fetch'); any other Error shows its own.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof NetworkError) return fallback;
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * The error a call throws on to its screen: with the server's message kept, or else carrying the
 * documented text for that call (docs/product.md §8, e.g. 'Failed to fetch links').
 */
export function withFallback(error: unknown, fallback: string): unknown {
  if (error instanceof ApiError) {
    return error.serverMessage ? error : new ApiError(error.status, fallback, error.errors);
  }
  if (error instanceof NetworkError) return new NetworkError(fallback, { cause: error });
  return error;
}

/** Puts the server's `errors` map (422) under the form's own fields, first message each; answers the messages put there. */
export function applyFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  setError: (field: F, error: { type: string; message: string }) => void,
): string[] {
  if (!(error instanceof ApiError)) return [];
  const shown: string[] = [];
  for (const field of fields) {
    const message = error.errors[field]?.[0];
    if (message) {
      setError(field, { type: 'server', message });
      shown.push(message);
    }
  }
  return shown;
}

export const isAbortError = (error: unknown) =>
  (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';

type RequestOptions = {
  method?: string;
  json?: unknown;
  body?: BodyInit;
  signal?: AbortSignal;
  /** How long the answer may take to begin; ANSWER_MS unless given. */
  answerMs?: number;
  /**
   * Sent as the page's preload of it is (docs/decisions/0107): without the app's own headers, which
   * the browser compares before it hands a preloaded answer to a call. For GETs whose answer does
   * not depend on them: the API then speaks the browser's languages, not the app's, in a message.
   */
  asPreloaded?: boolean;
};

/**
 * How long a call waits for the server's answer to begin before it is taken for no answer
 * (docs/decisions/0085): a connection that stalls on a bad phone network would otherwise keep
 * 'Saving...' up until the browser gives up, minutes later. The Worker answers in well under a
 * second; an export, which builds its zip first, gets EXPORT_ANSWER_MS.
 */
export const ANSWER_MS = 30_000;
export const EXPORT_ANSWER_MS = 120_000;

// docs/product.md §4: these calls never trigger the refresh-and-retry of a 401.
const NO_REFRESH = [
  '/v1/auth/login',
  '/v1/auth/register',
  '/v1/auth/refresh',
  '/v1/auth/logout',
  '/v1/auth/login/second-factor',
  '/v1/auth/passkey/verify',
];

const leaveForSignIn = () => window.location.assign(paths.login);
let onSessionExpired: () => void = leaveForSignIn;
/**
 * The router installs a client-side navigation for the redirect after a failed refresh; without
 * a handler, the page loads the sign-in screen (tests start each case from a fresh page).
 */
export const setSessionExpiredHandler = (handler: () => void = leaveForSignIn) => {
  onSessionExpired = handler;
};

/**
 * docs/product.md §4: a 401 is refreshed once and the call retried (never for the auth calls
 * themselves, nor on an auth page); when the refresh fails the session is forgotten and the user
 * is sent to the sign-in screen. Used by fetch calls and uploads alike.
 */
async function withSessionRetry<R extends { status: number }>(path: string, attempt: () => Promise<R>): Promise<R> {
  // The pair this call started with (the hint's tag): if another tab rotates it meanwhile, the
  // retry carries that tab's new access cookie instead of refreshing again (refresh-session.ts).
  const startedWith = sessionMark();
  const first = await attempt();
  if (first.status !== 401 || NO_REFRESH.includes(path) || isAuthPath(window.location.pathname)) return first;
  if (await refreshSession(startedWith)) return attempt();
  forgetSession();
  onSessionExpired();
  return first;
}

/**
 * The session rides in the HttpOnly cookies, which the browser adds to the app's own calls; no
 * token is ever in a header. The sign-in calls ask for their tokens as cookies only.
 */
async function send(path: string, options: RequestOptions): Promise<Response> {
  // A card's own resource goes to the card in view (card-in-view.ts).
  path = cardPath(path);
  const headers = new Headers(
    options.asPreloaded
      ? { Accept: 'application/json' }
      : {
          Accept: 'application/json',
          // The API's messages in the language the screens speak, not the browser's (docs/product.md §8).
          'Accept-Language': appLanguage(),
          [TOKEN_DELIVERY_HEADER]: 'cookie',
        },
  );
  if (options.json !== undefined) headers.set('Content-Type', 'application/json');
  // The caller's cancel and the answer's time limit, on one signal (AbortSignal.any is too new for
  // the iPhones this must run on).
  const controller = new AbortController();
  const cancel = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener('abort', cancel, { once: true });
  let late = false;
  const timer = setTimeout(() => {
    late = true;
    controller.abort();
  }, options.answerMs ?? ANSWER_MS);
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers,
      body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
      signal: controller.signal,
    });
  } catch (error) {
    if (isAbortError(error) && !late) throw error;
    // docs/product.md §8: a network or CORS error without a response, or no answer in time, is
    // logged and rejected as no answer.
    console.error('Network error', path, late ? 'no answer in time' : error);
    const message = late ? 'No answer in time' : error instanceof Error ? error.message : 'Network error';
    throw new NetworkError(message, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

const answerError = (status: number, body: { message?: string; errors?: Record<string, string[]> }) =>
  new ApiError(status, body.message || `Request failed with status ${status}`, body.errors ?? {}, body.message);

/** Calls the API and answers its JSON body; a failed answer throws an ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await withSessionRetry(path, () => send(path, options));
  if (!res.ok) throw answerError(res.status, (await res.json().catch(() => ({}))) as { message?: string });
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** Calls the API for a file (a wallet pass): its bytes as a Blob; a failed answer throws an ApiError. */
export async function apiBlob(path: string): Promise<Blob> {
  const res = await withSessionRetry(path, () => send(path, {}));
  if (!res.ok) throw answerError(res.status, (await res.json().catch(() => ({}))) as { message?: string });
  return res.blob();
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal, asPreloaded = false) => apiRequest<T>(path, { signal, asPreloaded }),
  post: <T>(path: string, json?: unknown, signal?: AbortSignal) =>
    apiRequest<T>(path, { method: 'POST', json: json ?? {}, signal }),
  put: <T>(path: string, json: unknown) => apiRequest<T>(path, { method: 'PUT', json }),
  delete: <T>(path: string, json?: unknown) => apiRequest<T>(path, { method: 'DELETE', json }),
  postForm: <T>(path: string, body: FormData) => apiRequest<T>(path, { method: 'POST', body }),
};

/**
 * GET a `{ success, data }` answer (docs/product.md §8, Data loading): a failure throws the server's
 * message, else `fallback`, the documented text for this call.
 */
export async function getData<T>(
  path: string,
  fallback: string,
  isData: (data: unknown) => data is T,
  signal?: AbortSignal,
  asPreloaded = false,
): Promise<T> {
  let body: { success?: boolean; data?: unknown } | null;
  try {
    body = await api.get<{ success?: boolean; data?: unknown } | null>(path, signal, asPreloaded);
  } catch (error) {
    throw withFallback(error, fallback);
  }
  if (!body?.success || !isData(body.data)) throw new Error(fallback);
  return body.data;
}

export type UploadOptions = { onProgress?: (percent: number) => void; signal?: AbortSignal };

function xhrUpload(path: string, body: FormData, { onProgress, signal }: UploadOptions) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', cardPath(path));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => {
      console.error('Network error', path);
      reject(new NetworkError());
    };
    xhr.onabort = () => reject(new DOMException('Upload canceled', 'AbortError'));
    if (signal?.aborted) return reject(new DOMException('Upload canceled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** A multipart upload with progress (fetch cannot report upload progress) and cancel. */
export async function uploadWithProgress<T>(path: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  const result = await withSessionRetry(path, () => xhrUpload(path, body, options));
  let parsed: { message?: string; errors?: Record<string, string[]> } = {};
  try {
    parsed = (JSON.parse(result.text) as typeof parsed | null) ?? {};
  } catch {
    // A non-JSON answer (a proxy's error page) is reported by status below.
  }
  if (result.status < 200 || result.status >= 300) throw answerError(result.status, parsed);
  return parsed as T;
}

/** GET a file the API answers (a picture to preview) as a Blob, on the session cookies. */
export async function getBlob(path: string): Promise<Blob> {
  const res = await withSessionRetry(path, () => send(path, {}));
  if (!res.ok) throw answerError(res.status, (await res.json().catch(() => ({}))) as { message?: string });
  return res.blob();
}

/**
 * GET a file the API answers (an export) and hand it to the browser as a download named
 * `filename`: fetched rather than linked, so an expired access cookie is refreshed first and a
 * refusal shows its message instead of a page of JSON.
 */
export async function downloadFile(path: string, filename: string): Promise<void> {
  const res = await withSessionRetry(path, () => send(path, { answerMs: EXPORT_ANSWER_MS }));
  if (!res.ok) throw answerError(res.status, (await res.json().catch(() => ({}))) as { message?: string });
  const url = URL.createObjectURL(await res.blob());
  try {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = filename;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // Revoked on the next turn: the click has handed the blob to the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
