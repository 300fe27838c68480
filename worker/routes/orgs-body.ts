import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import type { AppEnv } from '../env';
import { AppError, invalid } from '../lib/errors';
import { parts } from '../services/orgs/parts';

// The organisations' handlers load on first use (routes/orgs.ts) and so cannot use lib/validate.ts's
// middleware through the routes; this gives the same answers: 415, 400, 422 with the field messages.

/** A JSON body checked against the schema, as lib/validate.ts's `validate` does. */
export async function readBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  const { isJsonContentType, NOT_JSON, NOT_AN_OBJECT, toFieldErrors } = parts();
  if (!isJsonContentType(c.req.header('Content-Type'))) throw new AppError(415, NOT_JSON);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(await c.req.arrayBuffer()));
  } catch {
    throw new HTTPException(400);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid({ _: [NOT_AN_OBJECT] });
  const result = await schema.safeParseAsync(value);
  if (!result.success) throw invalid(toFieldErrors(result.error));
  return result.data;
}
