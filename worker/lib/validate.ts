import type { ValidationTargets } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { AppError, invalid, type FieldErrors } from './errors';

/** zod issues to the `errors` map of docs/product.md §8: field -> messages, first issue first. */
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

export const NOT_AN_OBJECT = 'The request body must be a JSON object.';
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const isUtf8 = async (body: Promise<ArrayBuffer>) => {
  try {
    strictUtf8.decode(await body);
    return true;
  } catch {
    return false;
  }
};

export const NOT_JSON = 'The request body must be JSON (Content-Type: application/json).';

/** application/json, or any `+json` type, with or without parameters. */
export const isJsonContentType = (value: string | undefined) =>
  /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(value?.trim() ?? '');

/**
 * Hono validator backed by a shared zod schema. Malformed JSON is refused by Hono's validator
 * with 400 before the schema runs (see onError). A JSON body sent under another content type is
 * refused with 415 first: Hono would otherwise validate it as `{}`, so a route whose fields are
 * all optional would answer success and change nothing.
 */
export const validate = <T extends keyof ValidationTargets, S extends z.ZodType>(target: T, schema: S) => {
  // Parsed asynchronously: a field may load its checker on first use (shared/schemas/phone-field.ts).
  const check = validator(target, async (value) => {
    // Every JSON body is an object; zod's own wording for [], null or 5 names its internals.
    if (target === 'json' && (typeof value !== 'object' || value === null || Array.isArray(value)))
      throw invalid({ _: [NOT_AN_OBJECT] });
    const result = await schema.safeParseAsync(value);
    if (!result.success) throw invalid(toFieldErrors(result.error));
    return result.data as z.output<S>;
  });
  if (target !== 'json') return check;
  return (async (c, next) => {
    if (!isJsonContentType(c.req.header('Content-Type'))) throw new AppError(415, NOT_JSON);
    // JSON is UTF-8 (RFC 8259 §8.1). Latin-1 text would otherwise be decoded with U+FFFD in
    // place of its accented letters and stored so; a broken-off body is the client's fault too.
    if (!(await isUtf8(c.req.arrayBuffer()))) throw new HTTPException(400);
    return check(c, next);
  }) as typeof check;
};
