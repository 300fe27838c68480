/**
 * Per-visitor and per-network bounds (docs/decisions/0027, 0086): how many events one visitor
 * hash, and one network whatever browsers it claims to be, may write in a window, checked before
 * the KV write so reloading in a loop or a script costs nothing. The count lives where checking
 * it is free: this isolate's memory (exact for the requests it serves, bursts included) and the
 * Cache API of the data centre (shared by its isolates; a no-op on workers.dev, where only the
 * isolate's count holds), asked from a key's second event in the isolate on. Fixed windows, so a visitor straddling a boundary may get up to
 * twice the bound; a visitor served by several isolates of one data centre may pass one more per
 * isolate (its first there), and concurrent requests in two isolates one more each.
 */
export type Bound = { limit: number; windowMs: number };

/** A card's views per visitor: 3 per 30 minutes. */
export const VIEW_BOUND: Bound = { limit: 3, windowMs: 30 * 60_000 };
/** Clicks of one link per visitor: 5 per minute. */
export const CLICK_BOUND: Bound = { limit: 5, windowMs: 60_000 };

/**
 * How many people one network (an IPv4 address or an IPv6 /64) stands for on a card in a day:
 * a household or a small team behind one address counts whole, a script behind one address
 * adds no more than this whatever User-Agents it sends (docs/decisions/0086, docs/product.md).
 */
export const NETWORK_ALLOWANCE = 10;
const DAY_MS = 86_400_000;
/** A card's views per network: the allowance per UTC day (the window is the visitor salt's day). */
export const NETWORK_VIEW_BOUND: Bound = { limit: NETWORK_ALLOWANCE, windowMs: DAY_MS };
/** Clicks of one link per network: the allowance per UTC day. */
export const NETWORK_CLICK_BOUND: Bound = { limit: NETWORK_ALLOWANCE, windowMs: DAY_MS };

const MEMORY_MAX = 10_000;
const memory = new Map<string, { count: number; until: number }>();
// One check at a time per key in this isolate, so a burst cannot read the same count twice.
const tails = new Map<string, Promise<boolean>>();

// When full, a sweep frees at least a tenth, so a busy isolate (thousands of distinct visitors
// within one window) sweeps once per thousand new visitors, not on every view.
const MEMORY_FREED = MEMORY_MAX / 10;

function forgetExpired(now: number) {
  if (memory.size < MEMORY_MAX) return;
  for (const [key, slot] of memory) if (slot.until <= now) memory.delete(key);
  // Still full of live windows: drop the oldest entries (Map keeps insertion order) rather than grow.
  for (const key of memory.keys()) {
    if (memory.size <= MEMORY_MAX - MEMORY_FREED) break;
    memory.delete(key);
  }
}

async function take(origin: string, key: string, bound: Bound, now: number): Promise<boolean> {
  const window = Math.floor(now / bound.windowMs);
  const id = `${key}/${bound.windowMs}/${window}`;
  const until = (window + 1) * bound.windowMs;
  const local = memory.get(id);
  // The key's first event in this isolate's window passes on the isolate's word alone: most
  // visitors come once, so their view costs no Cache API round trip (docs/decisions/0077). The
  // data centre learns of it with the key's next event here, so a visitor moving between
  // isolates may pass one more per isolate.
  if (!local) {
    forgetExpired(now);
    memory.set(id, { count: 1, until });
    return true;
  }
  if (local.count >= bound.limit) return false;
  const cache = typeof caches === 'undefined' ? null : caches.default;
  const url = `${origin}/__bounds/${id}`;
  let shared = 0;
  try {
    const cached = await cache?.match(url);
    shared = cached ? Number(await cached.text()) || 0 : 0;
  } catch {
    // The data centre's count is unavailable: the isolate's count still holds.
  }
  const count = Math.max(local.count, shared);
  memory.set(id, { count: Math.min(count + 1, bound.limit), until });
  if (count >= bound.limit) return false;
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  const counted = new Response(String(count + 1), { headers: { 'Cache-Control': `max-age=${seconds}` } });
  await cache?.put(url, counted).catch(() => undefined);
  return true;
}

/**
 * Whether one more event under `key` (a visitor hash and what they act on) is within the
 * bound, counting it if so. `origin` scopes the cache entries to this site.
 */
export function withinBound(origin: string, key: string, bound: Bound, now = Date.now()): Promise<boolean> {
  const run = () => take(origin, key, bound, now);
  const next = (tails.get(key) ?? Promise.resolve(true)).then(run, run);
  tails.set(key, next);
  const forget = () => {
    if (tails.get(key) === next) tails.delete(key);
  };
  next.then(forget, forget);
  return next;
}

/**
 * Whether one more view, save of the contact or click is within both bounds: the visitor's
 * window, then the network's day. The visitor's comes first so a reload loop spends its own window and
 * not the allowance its network shares with the people behind the same address. A save is
 * bounded as a view is, on counts of its own, so saving never spends the views' allowance.
 */
export async function withinBounds(
  origin: string,
  event: { kind: 'view' | 'click' | 'save'; visitor: string; network: string; linkId: number | null },
  at = Date.now(),
): Promise<boolean> {
  const { kind, visitor, network, linkId } = event;
  if (kind !== 'click')
    return (
      (await withinBound(origin, `${kind}/${visitor}`, VIEW_BOUND, at)) &&
      withinBound(origin, `${kind}-net/${network}`, NETWORK_VIEW_BOUND, at)
    );
  return (
    (await withinBound(origin, `click/${visitor}/${linkId}`, CLICK_BOUND, at)) &&
    withinBound(origin, `click-net/${network}/${linkId}`, NETWORK_CLICK_BOUND, at)
  );
}
