import { z } from 'zod';

// The envelope of every JSON answer of the /v1 API (docs/product.md §7): `success`, then `data`,
// a `message`, or both. Each resource's file builds its answers from these.

/**
 * The one error body: what worker/app.ts's `onError` and `notFound` send, whatever went wrong.
 * `errors` lists, per field, the messages a form shows beside it (a 422).
 */
export const errorResponse = z
  .object({
    success: z.literal(false),
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .strict();
export type ErrorResponse = z.infer<typeof errorResponse>;

/** A change with nothing to hand back but a sentence for the person who made it. */
export const messageResponse = z.object({ success: z.literal(true), message: z.string() }).strict();

/** `data` alone. */
export const dataResponse = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data }).strict();

/** `data` and a sentence to show. */
export const dataMessageResponse = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, message: z.string() }).strict();

/** Any success with `data`, whatever `data` is: what the web app's fetchers are typed with. */
export const dataEnvelope = z.object({ success: z.literal(true), data: z.unknown(), message: z.string().optional() });

/** An ISO 8601 instant, as every time in an answer is written. */
export const isoTime = z.iso.datetime();

/**
 * The body a route sends for an answer whose schema is S. The Worker writes
 * `c.json({ ... } satisfies Answer<typeof linkSavedResponse>)`: a route that drifts from its
 * contract fails `tsc`, at no cost at run time (the contract test parses the real answers).
 */
export type Answer<S extends z.ZodType> = z.input<S>;
