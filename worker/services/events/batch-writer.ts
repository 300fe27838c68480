import { logError } from '../../lib/log';
import { METADATA_BYTES, putEvents, type EventMetadata } from './buffer';

/**
 * A card's views of the moment share a KV key (docs/decisions/0081). A view counted after its
 * answer (waitUntil) that finds no writer of its card in this isolate becomes the writer, in its
 * own request's context: it gathers the card's events for a moment (50 ms), writes them as one
 * key holding their list (several keys at once when more came than KV's metadata holds), and
 * goes on gathering and writing while more come, for at most 2 s and 400 keys; then the next
 * event starts a writer of its own, so no waitUntil outlives its limits. An event that finds a
 * writer is handed to it and its request waits for nothing: no request ever waits on another
 * request's I/O (which the runtime cancels as hung, decision 77). An event whose answer waits for
 * it (the JSON card, a click report) and finds no writer is written at once in a key of its own.
 *
 * A writer that has not moved for 5 s (its request cancelled) is taken for gone: the next event
 * starts another.
 *
 * A quiet card costs what it did, one write per view; a busy one a write per moment and isolate,
 * not one per view (KV writes are the paid and rate-limited part). What can be lost is what could
 * be lost before: the events an isolate held when it died.
 */
const KV_RETRY_MS = 250;
export type WriterLimits = {
  /** How long a writer gathers its card's events before each write. */
  gatherMs: number;
  /** How long one request goes on taking its card's events. */
  writerMs: number;
  /** How many keys one request writes before it stops taking events (KV allows 1,000 operations an invocation). */
  writerKeys: number;
  /**
   * A writer that has not moved for this long is taken for gone (its request cancelled, as when
   * a write hangs past waitUntil's limit): the next event starts a writer of its own.
   */
  stallMs: number;
};
export const WRITER_LIMITS: WriterLimits = { gatherMs: 50, writerMs: 2_000, writerKeys: 400, stallMs: 5_000 };
// `{"b":[` and `]}` around the list; each event adds its JSON and a comma.
const WRAPPING = 8;

/** A card's writer under way in this isolate: the events handed to it, not yet taken into a key, and when it last moved. */
type Writer = { events: EventMetadata[]; moved: number };
const writers = new Map<string, Writer>();

const encoder = new TextEncoder();
const bytesOf = (metadata: EventMetadata) => encoder.encode(JSON.stringify(metadata)).byteLength + 1;

/** Events into keys' lists of at most KV's metadata size, in the order they came. */
function packed(events: EventMetadata[]) {
  const keys: EventMetadata[][] = [];
  let bytes = METADATA_BYTES;
  for (const metadata of events) {
    const size = bytesOf(metadata);
    if (bytes + size > METADATA_BYTES) {
      keys.push([]);
      bytes = WRAPPING;
    }
    keys.at(-1)?.push(metadata);
    bytes += size;
  }
  return keys;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One key, tried again once a moment later (both tries the same key, so never counted twice). */
async function write(kv: KVNamespace, ownerId: string, metadata: EventMetadata[]) {
  const id = crypto.randomUUID();
  await putEvents(kv, ownerId, metadata, id).catch(async () => {
    await sleep(KV_RETRY_MS);
    await putEvents(kv, ownerId, metadata, id);
  });
}

/**
 * Buffers one event of the card `ownerId`. `gather`: the caller answered already (waitUntil), so
 * the event may wait a moment for others. Settles once the key holding it is written, or at once
 * when a writer under way took it; rejects when its own key could not be written (the
 * other events of a failed key are logged as dropped here).
 */
export async function bufferEvent(
  kv: KVNamespace,
  ownerId: string,
  metadata: EventMetadata,
  gather: boolean,
  limits: WriterLimits = WRITER_LIMITS,
): Promise<void> {
  const current = writers.get(ownerId);
  if (current && Date.now() - current.moved < limits.stallMs) {
    current.events.push(metadata);
    return;
  }
  if (!gather) return write(kv, ownerId, [metadata]);
  // No writer, or one gone: the events it held are lost, as an isolate's that dies; later ones are not.
  const mine: Writer = { events: [metadata], moved: Date.now() };
  writers.set(ownerId, mine);
  // Only this writer's own entry: after a stall another writer may have taken the card over.
  const release = () => {
    if (writers.get(ownerId) === mine) writers.delete(ownerId);
  };
  const until = Date.now() + limits.writerMs;
  let keys = 0;
  // The writer's own event is in its first round; a failure of that key is its request's to report.
  let ownFailure: { reason: unknown } | undefined;
  try {
    // Taken synchronously after each wait, so an event either lands in a round here or finds
    // no writer and goes its own way; past its time this writer takes no more events.
    while (mine.events.length > 0) {
      await sleep(limits.gatherMs);
      mine.moved = Date.now();
      const lists = packed(mine.events.splice(0));
      keys += lists.length;
      if (Date.now() >= until || keys >= limits.writerKeys) release();
      const failed = await Promise.all(
        lists.map((list) =>
          write(kv, ownerId, list).then(
            () => [],
            (reason: unknown) => [{ list, reason }],
          ),
        ),
      );
      mine.moved = Date.now();
      for (const { list, reason } of failed.flat()) {
        const others = list.filter((m) => m !== metadata).length;
        if (others < list.length) ownFailure = { reason };
        if (others > 0) logError('track', reason, { event: 'batch', ownerId, dropped: true, events: others });
      }
    }
  } finally {
    release();
  }
  if (ownFailure) throw ownFailure.reason;
}
