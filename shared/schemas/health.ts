import { z } from 'zod';
import { dataResponse, isoTime } from './responses';

// What an uptime monitor and an operator read of a running deployment (docs/operating.md): the
// health check, the version, and the console's status page. Nothing here is anyone's data.

/**
 * GET /v1/health when every part answered: each part by name (`DB`, `COUNTS_0` … the counting
 * databases, `KV`, `R2`, `queue`). A part that fails makes it a 503 with the one error body, whose
 * `errors` names each failing part.
 */
export const healthSchema = z
  .object({
    status: z.literal('ok'),
    parts: z.record(z.string(), z.literal('ok')),
  })
  .strict();
export const healthResponse = dataResponse(healthSchema);

/** GET /v1/version: the build, and the last migration applied to each database (`null`: none yet). */
export const versionSchema = z
  .object({
    version: z.string(),
    commit: z.string(),
    built_at: isoTime.nullable(),
    schema: z.record(z.string(), z.string().nullable()),
  })
  .strict();
export const versionResponse = dataResponse(versionSchema);

/** A database on the status page: its size as D1 reports it, and whether it is past the size that needs action. */
export const databaseStatusSchema = z
  .object({
    binding: z.string(),
    size_bytes: z.number().int().nonnegative(),
    migration: z.string().nullable(),
    needs_action: z.boolean(),
  })
  .strict();

/**
 * GET /v1/admin/status: what the console can read live. The buffer's figures come from its first
 * page of keys (at most 1,000): `more` says there are others, and the oldest event seen is then
 * the oldest of that page. `queue` is null where the runtime cannot tell the queue's backlog.
 */
export const platformStatusSchema = z
  .object({
    checked_at: isoTime,
    databases: z.array(databaseStatusSchema),
    buffer: z
      .object({
        keys: z.number().int().nonnegative(),
        events: z.number().int().nonnegative(),
        more: z.boolean(),
        shards: z.number().int().nonnegative(),
        oldest_at: isoTime.nullable(),
        lag_seconds: z.number().int().nonnegative().nullable(),
        needs_action: z.boolean(),
      })
      .strict(),
    queue: z.object({ messages: z.number().int().nonnegative(), oldest_at: isoTime.nullable() }).strict().nullable(),
    thresholds: z
      .object({ database_bytes: z.number().int().positive(), lag_seconds: z.number().int().positive() })
      .strict(),
  })
  .strict();
export type PlatformStatus = z.infer<typeof platformStatusSchema>;
export const platformStatusResponse = dataResponse(platformStatusSchema);
