import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { events } from '../../db/schema';
import type { Device } from './request-facts';

/**
 * The KV buffer (README, Decisions: one KV entry per event). One key per event, written once and never
 * read-modify-written, so concurrent visitors never lose an increment. The data sits in the
 * key's metadata (at most 1024 bytes serialized, hence the short names), so one `list`
 * answers a thousand events without a `get` per key. Views of one card in the same moment and
 * isolate may share a key, as a list of metadata (batch-writer.ts, docs/decisions/0081): each
 * event keeps an id of its own, derived from the key's.
 *
 * Keys are sharded (README, Decisions: fan-out drain): `e:<shard>:<owner id>:<event id>`.
 * A card's events spread over SPREAD consecutive shards, picked by the event id, starting at
 * a shard picked by the owner, so every shard is drained by an invocation of its own while
 * a card's buffered events are still read back with SPREAD lists. Keys of the unsharded
 * shape `ev:<owner id>:<event id>` (written before the fan-out) are still drained.
 */
export const SHARD_ROOT = 'e';
export const LEGACY_PREFIX = 'ev:';
/** Drained in parallel, each by its own invocation. Raise it freely; never lower it while keys are buffered. */
export const SHARDS = 160;
/** Shards one card's events spread over: its read costs this many lists. */
export const SPREAD = 8;

export const shardPrefix = (shard: number) => `${SHARD_ROOT}:${shard}:`;

/** FNV-1a of the owner id: where the card's run of SPREAD shards starts. */
function ownerBase(ownerId: string) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < ownerId.length; i++) hash = Math.imul(hash ^ ownerId.charCodeAt(i), 0x01000193) >>> 0;
  return hash % SHARDS;
}

/** The shards a card's events go to. */
export const ownerShards = (ownerId: string) =>
  Array.from({ length: Math.min(SPREAD, SHARDS) }, (_, i) => (ownerBase(ownerId) + i) % SHARDS);

/** The shard of one event: random over the card's run (the event id is random). */
export const shardOf = (ownerId: string, eventId: string) =>
  (ownerBase(ownerId) + (parseInt(eventId.slice(0, 8), 16) % Math.min(SPREAD, SHARDS))) % SHARDS;

/** The key prefixes under which a card's events wait, for reading or deleting them. */
export const ownerPrefixes = (ownerId: string) => ownerShards(ownerId).map((s) => `${shardPrefix(s)}${ownerId}:`);

const metadataSchema = z.object({
  /** v: view, c: click, s: save of the contact (the card's vCard downloaded) */
  k: z.enum(['v', 'c', 's']),
  /** epoch ms */
  t: z.number().int().nonnegative(),
  /** visitor hash */
  v: z.string().regex(/^[0-9a-f]{32}$/),
  /** m: mobile, t: tablet, d: desktop */
  d: z.enum(['m', 't', 'd']),
  /** channel */
  s: z.string().min(1).max(32),
  /** link id (clicks) */
  l: z.number().int().positive().optional(),
  /** country */
  c: z.string().length(2).optional(),
  /** referrer host */
  r: z.string().min(1).max(100).optional(),
});
export type EventMetadata = z.infer<typeof metadataSchema>;

/** KV's limit on a key's metadata, serialized. */
export const METADATA_BYTES = 1024;
/** Several events of one card in one key (in the order they arrived). */
const batchSchema = z.object({ b: z.array(metadataSchema).min(2).max(256) });

/** Event i of a key holding several: the key's id with its last two hex digits replaced by i. */
export const batchEventId = (keyId: string, i: number) => `${keyId.slice(0, 34)}${i.toString(16).padStart(2, '0')}`;

/** What a visitor did: opened the card, followed a link, or saved the contact (its vCard). */
export type EventKind = 'view' | 'click' | 'save';

export type BufferedEvent = {
  key: string;
  id: string;
  ownerId: string;
  kind: EventKind;
  linkId: number | null;
  at: number;
  visitor: string;
  country: string | null;
  referrer: string | null;
  device: Device;
  channel: string;
};

const DEVICES = { m: 'mobile', t: 'tablet', d: 'desktop' } as const;
const DEVICE_CODES = { mobile: 'm', tablet: 't', desktop: 'd' } as const;
const KINDS = { v: 'view', c: 'click', s: 'save' } as const;
const KIND_CODES = { view: 'v', click: 'c', save: 's' } as const;

/** An event's metadata, the short names of the key's metadata. */
export const metadataOf = (event: Omit<BufferedEvent, 'key' | 'id'>): EventMetadata => ({
  k: KIND_CODES[event.kind],
  t: event.at,
  v: event.visitor,
  d: DEVICE_CODES[event.device],
  s: event.channel,
  ...(event.linkId != null ? { l: event.linkId } : {}),
  ...(event.country ? { c: event.country } : {}),
  ...(event.referrer ? { r: event.referrer } : {}),
});

/**
 * Writes events of one card under one key `id`: one event as its own metadata (its id the
 * key's), several as a list. The value is unused; KV wants one. The metadata is what `list` hands back.
 */
export async function putEvents(kv: KVNamespace, ownerId: string, metadata: EventMetadata[], id: string) {
  const value = metadata.length === 1 ? metadata[0] : { b: metadata };
  await kv.put(`${shardPrefix(shardOf(ownerId, id))}${ownerId}:${id}`, '', { metadata: value });
}

/** Writes one event in a key of its own. */
export async function putEvent(
  kv: KVNamespace,
  event: Omit<BufferedEvent, 'key' | 'id'>,
  id: string = crypto.randomUUID(),
): Promise<string> {
  await putEvents(kv, event.ownerId, [metadataOf(event)], id);
  return id;
}

/**
 * A listed key (sharded or of the older shape) back into its events, or null for a key this code
 * did not write (then dropped).
 */
export function parseListed(key: KVNamespaceListKey<unknown>): BufferedEvent[] | null {
  const parts = /^(?:e:\d{1,4}|ev):([^:]+):([^:]+)$/.exec(key.name);
  const ownerId = parts?.[1];
  const id = parts?.[2] ?? '';
  if (!ownerId || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const single = metadataSchema.safeParse(key.metadata);
  const batch = single.success ? null : batchSchema.safeParse(key.metadata);
  const listed = single.success ? [single.data] : batch?.success ? batch.data.b : null;
  if (!listed || listed.some((m) => (m.k === 'c') !== (m.l !== undefined))) return null;
  return listed.map((m, i) => ({
    key: key.name,
    id: single.success ? id : batchEventId(id, i),
    ownerId,
    kind: KINDS[m.k],
    linkId: m.l ?? null,
    at: m.t,
    visitor: m.v,
    country: m.c ?? null,
    referrer: m.r ?? null,
    device: DEVICES[m.d],
    channel: m.s,
  }));
}

/** An event as one compact JSON row, the shape the SQL reads with json_each (see fold.ts). */
export const toRow = (e: BufferedEvent) =>
  [e.id, e.ownerId, e.kind, e.linkId, e.at, e.visitor, e.country, e.referrer, e.device, e.channel] as const;

/** The ledger's columns in `toRow` order (which is also the table's order). */
export const LEDGER_COLUMNS = [
  events.id,
  events.userId,
  events.kind,
  events.linkId,
  events.at,
  events.visitor,
  events.country,
  events.referrer,
  events.device,
  events.channel,
];

/** SQL columns of a row in `json_each(?)` aliased `j`, in `toRow` order, named as the ledger's. */
export const ROW_COLUMNS = LEDGER_COLUMNS.map((column, i) => `json_extract(j.value, '$[${i}]') AS ${column.name}`).join(
  ', ',
);

/** The rows of a JSON parameter as the ledger's columns: a derived table to alias (fold.ts, pending.ts). */
export const jsonRows = (json: string) => sql`(SELECT ${sql.raw(ROW_COLUMNS)} FROM json_each(${json}) AS j)`;
