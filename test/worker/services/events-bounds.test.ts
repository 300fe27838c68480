// The per-visitor bound's two levels (worker/services/events/bounds.ts, docs/decisions/0077): the
// isolate's count alone for a key's first event here, the data centre's Cache API from the second.
import { describe, expect, it } from 'vitest';
import { withinBound, type Bound } from '../../../worker/services/events/bounds';

const BOUND: Bound = { limit: 3, windowMs: 30 * 60_000 };
// Mid-window, so every call of a test falls in one window.
const AT = 1_800_000 * 1000 + 60_000;

const shared = async (origin: string, key: string) => {
  const hit = await caches.default.match(
    `${origin}/__bounds/${key}/${BOUND.windowMs}/${Math.floor(AT / BOUND.windowMs)}`,
  );
  return hit ? Number(await hit.text()) : null;
};

const fresh = () => ({ origin: `https://bounds-${crypto.randomUUID()}.test`, key: `view/${crypto.randomUUID()}` });

describe('per-visitor bounds', () => {
  it("passes a key's first event here without the Cache API, and tells the data centre with the second", async () => {
    const { origin, key } = fresh();
    expect(await withinBound(origin, key, BOUND, AT)).toBe(true);
    expect(await shared(origin, key)).toBeNull();
    expect(await withinBound(origin, key, BOUND, AT + 1)).toBe(true);
    expect(await shared(origin, key)).toBe(2);
    expect(await withinBound(origin, key, BOUND, AT + 2)).toBe(true);
    expect(await shared(origin, key)).toBe(3);
    // Over the bound: refused by the isolate's own count.
    expect(await withinBound(origin, key, BOUND, AT + 3)).toBe(false);
    expect(await withinBound(origin, key, BOUND, AT + 4)).toBe(false);
  });

  it('lets a visitor already at the bound in another isolate of the data centre pass once here, then no more', async () => {
    const { origin, key } = fresh();
    // Another isolate counted the visitor up to the bound.
    const url = `${origin}/__bounds/${key}/${BOUND.windowMs}/${Math.floor(AT / BOUND.windowMs)}`;
    await caches.default.put(url, new Response(String(BOUND.limit), { headers: { 'Cache-Control': 'max-age=600' } }));
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await withinBound(origin, key, BOUND, AT + i));
    expect(answers).toEqual([true, false, false, false, false]);
  });

  it('counts a burst of one key exactly up to the bound', async () => {
    const { origin, key } = fresh();
    const answers = await Promise.all(Array.from({ length: 10 }, () => withinBound(origin, key, BOUND, AT)));
    expect(answers.filter(Boolean)).toHaveLength(BOUND.limit);
  });
});
