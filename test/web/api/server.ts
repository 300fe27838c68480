import { setupServer } from 'msw/node';
import { defaultHandlers } from './handlers';

/**
 * The API the web tests talk to: MSW answers the app's real fetch and XMLHttpRequest calls with
 * the shared handlers (./handlers.ts). A test changes an answer with
 * `server.use(http.post('/v1/...', () => failure(422, '...')))`; setup.ts resets them after it.
 */
export const server = setupServer(...defaultHandlers());

/** A request as the app sent it, for tests that assert on what was sent. */
export type Call = {
  /** Path and query, as the app wrote it: '/v1/user/links?all=true'. */
  path: string;
  method: string;
  /** Parsed JSON, the FormData of a multipart upload, or the text; undefined without a body. */
  body: unknown;
  headers: Headers;
  signal: AbortSignal;
};

/** Every request of the current test, in the order they were sent (emptied before each test). */
export const calls: Call[] = [];
/** Requests that no handler answered: each fails its test (setup.ts). */
export const unhandled: string[] = [];

async function readBody(request: Request): Promise<unknown> {
  if (request.body === null) return undefined;
  const type = request.headers.get('Content-Type') ?? '';
  if (type.includes('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (!text) return undefined;
  return type.includes('application/json') ? (JSON.parse(text) as unknown) : text;
}

// Recorded in the order sent, each once its body has been read, which is before its answer
// reaches the app: a test that saw the screen change can read what was sent.
let recording = Promise.resolve();
server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  const clone = request.clone();
  const call = {
    path: url.pathname + url.search,
    method: request.method,
    headers: request.headers,
    signal: request.signal,
  };
  recording = recording
    .then(() => readBody(clone))
    .then((body) => void calls.push({ ...call, body }))
    .catch((error: unknown) => void calls.push({ ...call, body: `unreadable body: ${String(error)}` }));
});
server.events.on('request:unhandled', ({ request }) => {
  unhandled.push(`${request.method} ${new URL(request.url).pathname}`);
});
