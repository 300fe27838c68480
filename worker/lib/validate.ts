import type { ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { invalid, type FieldErrors } from './errors';

/** zod issues to the spec's `errors` map: field -> messages, first issue first. */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** Parse with a shared schema or throw 422 with the field messages. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(toFieldErrors(result.error));
  return result.data;
}

/**
 * Hono validator backed by a shared zod schema. Malformed JSON and wrong content types
 * are refused by Hono's validator with 400 before the schema runs (see onError).
 */
export const validate = <T extends keyof ValidationTargets, S extends z.ZodType>(target: T, schema: S) =>
  validator(target, (value) => parseOrThrow(schema, value) as z.output<S>);
