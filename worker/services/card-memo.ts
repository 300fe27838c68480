import { writeGeneration } from '../db/write-generation';

/**
 * A public card as this isolate read it last, for a moment (docs/decisions/0077): the views of a
 * card within that moment share one D1 read (and one hash of it) instead of one each. No staler
 * than the nearest replica is already allowed to be (it may lag the primary by more than this),
 * and never across a write made through this isolate (db/write-generation.ts). A reader who
 * carries the owner's bookmark does not use it (the route reads D1 for them, read-your-writes).
 */
export const CARD_MEMO_MS = 1000;
const MEMO_MAX = 1000;

type Entry<T> = { value: Promise<T>; until: number; generation: number };
const memo = new Map<string, Entry<unknown>>();

/**
 * What `read` answers for `key`, shared with every call within `windowMs` of the read that began
 * it (concurrent calls included, so a burst after expiry reads once). A failed read is not kept,
 * nor one answer that `keep` refuses (e.g. a missing card, which a sign-up may claim next).
 */
export function memoized<T>(
  key: string,
  windowMs: number,
  read: () => Promise<T>,
  keep: (value: T) => boolean = () => true,
  now = Date.now(),
): Promise<T> {
  if (windowMs <= 0) return read();
  const generation = writeGeneration();
  const held = memo.get(key) as Entry<T> | undefined;
  if (held && held.until > now && held.generation === generation) return held.value;
  const entry: Entry<T> = { value: read(), until: now + windowMs, generation };
  if (memo.size >= MEMO_MAX) forgetExpired(now);
  memo.set(key, entry);
  const forget = () => {
    if (memo.get(key) === entry) memo.delete(key);
  };
  entry.value.then((value) => {
    if (!keep(value)) forget();
  }, forget);
  return entry.value;
}

function forgetExpired(now: number) {
  const generation = writeGeneration();
  for (const [key, entry] of memo) if (entry.until <= now || entry.generation !== generation) memo.delete(key);
  // Still full of live entries: drop the oldest (a Map keeps insertion order) rather than grow.
  for (const key of memo.keys()) {
    if (memo.size < MEMO_MAX) break;
    memo.delete(key);
  }
}
