import { HttpResponse } from 'msw';
import { z } from 'zod';
import { errorResponse, messageResponse } from '@shared/schemas/responses';

/** Answers a handler gave that the Worker could never send: each fails its test (setup.ts). */
export const contractBreaches: string[] = [];

/**
 * A JSON answer the Worker could send: the body is parsed with the route's response schema from
 * shared/schemas first (strict objects, as the contract test parses the Worker's real answers),
 * so a handler cannot answer a shape the app would never meet.
 */
export function answer<S extends z.ZodType>(schema: S, body: z.input<S>, init?: ResponseInit): Response {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const breach = `a handler answered a shape the Worker cannot send:\n${z.prettifyError(parsed.error)}`;
    contractBreaches.push(breach);
    throw new Error(breach);
  }
  return HttpResponse.json(body as never, init);
}

/** The Worker's one error body (worker/app.ts's onError): a message, and per-field messages for a 422. */
export const failure = (status: number, message: string, errors?: Record<string, string[]>) =>
  answer(errorResponse, errors ? { success: false, message, errors } : { success: false, message }, { status });

/** A change that hands back only a sentence. */
export const done = (message: string, status = 200) => answer(messageResponse, { success: true, message }, { status });

/**
 * An answer with no body at all: what a proxy or a crashed edge sends (never the Worker's own
 * onError), which the screens must still put into the documented words.
 */
export const noBody = (status = 500) => new HttpResponse(null, { status, statusText: 'Internal Server Error' });

/** No answer at all: the connection failed (offline, DNS, CORS), as fetch and XHR report it. */
export const networkFailure = () => HttpResponse.error();
