import { validator } from 'hono/validator';
import { linkIdParam } from '@shared/schemas/links';
import { notFound } from './errors';

/** A malformed link id names no link: the same 404 as a missing one or someone else's. */
export const linkIdOr404 = (message: string) =>
  validator('param', (value) => {
    const parsed = linkIdParam.safeParse(value);
    if (!parsed.success) throw notFound(message);
    return parsed.data;
  });

/** Likewise for a text id (a session's, a passkey's): one longer than any stored names no row. */
export const textIdOr404 = (max: number, message: string) =>
  validator('param', (value: Record<string, string>) => {
    const id = value.id ?? '';
    if (id.length === 0 || id.length > max) throw notFound(message);
    return { id };
  });
