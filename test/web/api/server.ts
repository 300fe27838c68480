import { http, HttpResponse } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { contractBreaches } from './answer';
import { contractBreachOf } from './contract-check';
import { defaultHandlers } from './handlers';
import { accessCookie, forgetBrowserSession } from './session';

/** A request as the app sent it, for tests that assert on what was sent. */
export type Call = {
  /** Path and query, as the app wrote it: '/v1/user/links?all=true'. */
  path: string;
  method: string;
  /** Parsed JSON, the FormData of a multipart upload, or the text; undefined without a body. */
  body: unknown;
  headers: Headers;
  signal: AbortSignal;
  /** The HttpOnly access cookie the browser sent along (./session.ts), or null. */
  access: string | null;
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

const recorded = new Set<string>();
/**
 * First in line, it writes the request down and answers nothing, so the next handler answers:
 * the call is recorded, body and all, before the app can see its answer.
 */
const recordCall = http.all('*', async ({ request, requestId }) => {
  if (recorded.has(requestId)) return;
  recorded.add(requestId);
  const url = new URL(request.url);
  const { method, headers, signal } = request;
  const access = accessCookie();
  calls.push({
    path: url.pathname + url.search,
    method,
    headers,
    signal,
    access,
    body: await readBody(request.clone()),
  });
});

/** Last in line: a request nobody answered fails as a network error, and its test fails too. */
const answerNobody = http.all('*', ({ request }) => {
  unhandled.push(`${request.method} ${new URL(request.url).pathname}`);
  return HttpResponse.error();
});

const handlers = () => [recordCall, ...defaultHandlers(), answerNobody];
const msw = setupServer(...handlers());

/**
 * The API the web tests talk to: MSW answers the app's real fetch and XMLHttpRequest calls with
 * the shared handlers (./handlers.ts). A test changes an answer with
 * `server.use(http.post('/v1/...', () => failure(422, '...')))`, which goes in front of the
 * defaults (behind the recorder) until the test ends.
 */
export const server: SetupServer = { ...msw, use: (...overrides) => msw.use(recordCall, ...overrides) };

const checks: Promise<void>[] = [];
msw.events.on('response:mocked', ({ request, response }) => {
  checks.push(
    contractBreachOf(request, response).then((breach) => {
      if (breach) contractBreaches.push(breach);
    }),
  );
});

/** Waits for the contract checks of the answers given so far (answers are checked as they go). */
export const contractChecked = () => Promise.all(checks);

/** Back to the default answers and an empty record, for the next test. */
export function resetServer() {
  msw.resetHandlers(...handlers());
  calls.length = 0;
  unhandled.length = 0;
  contractBreaches.length = 0;
  checks.length = 0;
  recorded.clear();
  forgetBrowserSession();
}
