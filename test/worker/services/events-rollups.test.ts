import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownerShards, putEvent, type BufferedEvent } from '../../../worker/services/events/buffer';
import { drainShard } from '../../../worker/services/events/drain';
import { pruneLedger, RETENTION_DAYS, retentionCutoff } from '../../../worker/services/events/retention';
import { createDb, statement } from '../../../worker/db/client';
import { DAY_MS, rebuildRollupsSql } from '../../../worker/services/events/rollup-sql';
import { getStats } from '../../../worker/services/events/stats';

import { ledgerStats } from './ledger-stats';
import { type Owner, createCard } from '../page-helpers';

const NOW = Date.now();
const HISTORY_DAYS = 90;
type NewEvent = Omit<BufferedEvent, 'key' | 'id'>;

/** A visitor hash of one day: the real ones rotate daily, so no hash repeats across days. */
const hashOf = (day: number, who: number) =>
  `${day.toString(16).padStart(8, '0')}${who.toString(16).padStart(24, '0')}`;

/** Day `d` before NOW: a few visitors, some coming back, views and clicks on both links, every breakdown. */
function dayOfTraffic(owner: Owner, d: number): NewEvent[] {
  const [a, b] = owner.linkIds as [number, number];
  const start = Math.floor((NOW - d * DAY_MS) / DAY_MS) * DAY_MS;
  const day = start / DAY_MS;
  return Array.from({ length: 4 + (d % 5) }, (_, i) => {
    const clickOn = i % 3 === 2 ? (i % 2 ? a : b) : null;
    return {
      ownerId: owner.id,
      kind: clickOn ? 'click' : 'view',
      linkId: clickOn,
      at: Math.min(start + 3_600_000 * (i + 1), NOW - 1000),
      visitor: hashOf(day, i % 3),
      country: [null, 'DE', 'FR', 'BR'][(d + i) % 4] ?? null,
      referrer: [null, 't.co', 'www.instagram.com'][(d * i) % 3] ?? null,
      device: (['mobile', 'desktop', 'tablet'] as const)[(d + 2 * i) % 3]!,
      channel: ['qr', 'direct', 'referral', 'newsletter'][(d + i) % 4]!,
    };
  });
}

/** Buffers events and drains the card's shards with the clock at `now`, as that day's ticks would. */
async function bufferAndDrain(owner: Owner, events: NewEvent[], now: number) {
  for (const event of events) await putEvent(env.EVENTS, event);
  for (const shard of ownerShards(owner.id)) await drainShard(env.DB, env.EVENTS, shard, { now });
}

const ledgerRows = async (ownerId: string) =>
  (await env.DB.prepare('SELECT count(*) AS n, min(at) AS first FROM events WHERE user_id = ?')
    .bind(ownerId)
    .first<{ n: number; first: number }>())!;

let owner: Owner;
// Reference figures from the raw ledger alone, taken before anything was pruned, for
// statistics read "today", 20 days ago and 45 days ago (a daily series beyond the retention line).
const reference = new Map<number, Awaited<ReturnType<typeof ledgerStats>>>();
const NOWS = [NOW, NOW - 20 * DAY_MS, NOW - 45 * DAY_MS];

beforeAll(async () => {
  owner = await createCard({ links: 2 });
  for (let d = HISTORY_DAYS - 1; d >= 0; d--)
    await bufferAndDrain(owner, dayOfTraffic(owner, d), NOW - d * DAY_MS + 60_000);
  // Still buffered: a returning visitor of today (counted once) and a new one, a view and a click.
  const [a] = owner.linkIds as [number];
  const today = Math.floor(NOW / DAY_MS);
  const base = { ownerId: owner.id, country: 'DE', referrer: null, device: 'mobile', channel: 'qr' } as const;
  await putEvent(env.EVENTS, { ...base, kind: 'view', linkId: null, at: NOW - 500, visitor: hashOf(today, 0) });
  await putEvent(env.EVENTS, { ...base, kind: 'click', linkId: a, at: NOW - 400, visitor: hashOf(today, 0) });
  await putEvent(env.EVENTS, { ...base, kind: 'view', linkId: null, at: NOW - 300, visitor: hashOf(today, 7) });
  for (const now of NOWS) reference.set(now, await ledgerStats(env.DB, env.EVENTS, owner.id, now));
}, 120_000);

describe('daily rollups and retention', () => {
  it('give the same statistics as the raw ledger alone, buffer included', async () => {
    const today = reference.get(NOW)!;
    expect(today.profile_views).toBeGreaterThan(300);
    expect(today.unique_visitors).toBe(HISTORY_DAYS * 3 + 1);
    for (const now of NOWS)
      expect(await getStats(createDb(env.DB), env.EVENTS, owner.id, now)).toEqual(reference.get(now));
  });

  it('rebuilt from the ledger, the rollups are the ones the drains added up', async () => {
    const db = createDb(env.DB);
    const [first, ...rest] = rebuildRollupsSql(owner.id).map((query) => statement(db, query));
    await db.batch([first!, ...rest]);
    for (const now of NOWS)
      expect(await getStats(createDb(env.DB), env.EVENTS, owner.id, now)).toEqual(reference.get(now));
  });

  it('still give the same statistics once the ledger is pruned past the retention line, for every range', async () => {
    const before = await ledgerRows(owner.id);
    expect(before.first).toBeLessThan(NOW - 80 * DAY_MS);
    await pruneLedger(env.DB, NOW);
    const after = await ledgerRows(owner.id);
    expect(after.first).toBeGreaterThanOrEqual(retentionCutoff(NOW));
    expect(after.n).toBeLessThan(before.n / 2);
    for (const now of NOWS)
      expect(await getStats(createDb(env.DB), env.EVENTS, owner.id, now)).toEqual(reference.get(now));

    // A shorter window puts the line inside the 30-day series: the figures do not move.
    await pruneLedger(env.DB, NOW, 10);
    expect((await ledgerRows(owner.id)).first).toBeGreaterThanOrEqual(retentionCutoff(NOW, 10));
    for (const now of NOWS)
      expect(await getStats(createDb(env.DB), env.EVENTS, owner.id, now)).toEqual(reference.get(now));
  });

  it('drops an event older than the retention window instead of risking counting it twice', async () => {
    const card = await createCard({ links: 1 });
    const old = NOW - (RETENTION_DAYS + 2) * DAY_MS;
    const event = { ...dayOfTraffic(card, RETENTION_DAYS + 2)[0]!, at: old };
    await putEvent(env.EVENTS, event);
    const results = await Promise.all(ownerShards(card.id).map((s) => drainShard(env.DB, env.EVENTS, s, { now: NOW })));
    expect(results.reduce((sum, r) => sum + r.expired, 0)).toBe(1);
    expect((await ledgerRows(card.id)).n).toBe(0);
    expect((await getStats(createDb(env.DB), env.EVENTS, card.id, NOW)).profile_views).toBe(0);
  });

  it('keeps the rows of a card bounded by its days, not its events', async () => {
    const rows = await env.DB.prepare(
      `SELECT (SELECT count(*) FROM daily_stats WHERE user_id = ?1) AS days,
        (SELECT count(*) FROM daily_breakdowns WHERE user_id = ?1) AS breakdowns`,
    )
      .bind(owner.id)
      .first<{ days: number; breakdowns: number }>();
    expect(rows?.days).toBe(HISTORY_DAYS);
    // At most a handful of names per facet per day.
    expect(rows?.breakdowns).toBeLessThanOrEqual(HISTORY_DAYS * 16);
  });
});
