import { env } from 'cloudflare:test';
import { STATS_RANGES } from '@shared/schemas/stats';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../../worker/db/client';
import { countDatabase, countShards } from '../../../worker/lib/count-shards';
import { dailyCsv, statsReader } from '../../../worker/services/account-data/export-stats';
import { ownerShards, putEvent, type BufferedEvent } from '../../../worker/services/events/buffer';
import {
  COMPACT_AFTER_DAYS,
  compactEveryShard,
  firstDayOf,
  monthOf,
  NAMES_PER_MONTH,
} from '../../../worker/services/events/compaction';
import { OTHER } from '../../../worker/services/events/rollup-sql';
import { drainShard } from '../../../worker/services/events/drain';
import { DAY_MS, HOUR_MS } from '../../../worker/services/events/ledger-sql';
import { FOLD_WINDOW_MS, PRUNE_MARGIN_MS, pruneCounting } from '../../../worker/services/events/retention';
import { getStats } from '../../../worker/services/events/stats';
import { type Owner, createCard } from '../page-helpers';
import { countsDbOf, countsOf, weeksBesideDays } from './events-helpers';
import { rawStats } from './raw-stats';

const NOW = Date.now();
const TODAY = Math.floor(NOW / DAY_MS);
// Long enough that whole months lie beyond the compaction line (90 days back).
const HISTORY_DAYS = 160;
type NewEvent = Omit<BufferedEvent, 'key'>;

/** A visitor hash of one card and day: the real ones rotate daily and differ from card to card. */
const hashOf = (owner: Owner, day: number, who: number) =>
  `${owner.id.replace(/-/g, '').slice(0, 16)}${day.toString(16).padStart(8, '0')}${who.toString(16).padStart(8, '0')}`;

/** Day `d` before NOW: a few visitors, some coming back, views, saves of the contact and clicks on both links, every breakdown. */
function dayOfTraffic(owner: Owner, d: number): NewEvent[] {
  const [a, b] = owner.linkIds as [number, number];
  const day = TODAY - d;
  return Array.from({ length: 4 + (d % 5) }, (_, i) => {
    const clickOn = i % 3 === 2 ? (i % 2 ? a : b) : null;
    return {
      id: crypto.randomUUID(),
      ownerId: owner.id,
      kind: clickOn ? 'click' : i % 4 === 3 ? 'save' : 'view',
      linkId: clickOn,
      at: Math.min(day * DAY_MS + HOUR_MS * (i + 1), NOW - 1000),
      visitor: hashOf(owner, day, i % 3),
      country: [null, 'DE', 'FR', 'BR'][(d + i) % 4] ?? null,
      referrer: [null, 't.co', 'www.instagram.com'][(d * i) % 3] ?? null,
      device: (['mobile', 'desktop', 'tablet'] as const)[(d + 2 * i) % 3]!,
      channel: ['qr', 'direct', 'referral', 'newsletter'][(d + i) % 4]!,
    };
  });
}

/** Buffers events and drains the card's shards with the clock at `now` (by default just after the first event). */
async function bufferAndDrain(owner: Owner, events: NewEvent[], now = Math.min(...events.map((e) => e.at)) + 60_000) {
  for (const { id, ...event } of events) await putEvent(env.EVENTS, event, id);
  const drains = await Promise.all(ownerShards(owner.id).map((shard) => drainShard(env, env.EVENTS, shard, { now })));
  return drains.reduce((sum, d) => ({ events: sum.events + d.events, expired: sum.expired + d.expired }), {
    events: 0,
    expired: 0,
  });
}

/** A count over every counting database (a card's rows are all in its own). */
const count = async (sql: string, ...values: unknown[]) => {
  const counts = await Promise.all(
    countShards(env).map(
      async (shard) =>
        (await countDatabase(env, shard)
          .prepare(sql)
          .bind(...values)
          .first<{ n: number }>())!.n,
    ),
  );
  return counts.reduce((sum, n) => sum + n, 0);
};

/** The cron's compaction in every counting database, from the oldest month again, until no month is due. */
async function compactAll(now: number) {
  for (const shard of countShards(env)) await countDatabase(env, shard).prepare('DELETE FROM rollup_compaction').run();
  for (let tick = 0; tick < 24 && (await compactEveryShard(env, now)).some((month) => month !== null); tick++);
}

/** Every range of the statistics screen at `now`: the product's answer equals the raw events'. */
async function expectRangesExact(owner: Owner, events: NewEvent[], now: number) {
  for (const range of STATS_RANGES) {
    const want = await rawStats(env.DB, events, owner.id, now, range);
    expect(
      await getStats(createDb(env.DB), await countsDbOf(owner.id), env.EVENTS, owner.id, now, range),
      `range ${range}`,
    ).toEqual(want);
  }
}

let owner: Owner;
const raw: NewEvent[] = [];

beforeAll(async () => {
  owner = await createCard({ links: 2 });
  for (let d = HISTORY_DAYS - 1; d >= 0; d--) {
    const events = dayOfTraffic(owner, d);
    raw.push(...events);
    await bufferAndDrain(owner, events);
  }
  // Still buffered: a returning visitor of today (counted once) and a new one, a view and a click.
  const [a] = owner.linkIds as [number];
  const base = { ownerId: owner.id, country: 'DE', referrer: null, device: 'mobile', channel: 'qr' } as const;
  const buffered: NewEvent[] = [
    { ...base, id: crypto.randomUUID(), kind: 'view', linkId: null, at: NOW - 500, visitor: hashOf(owner, TODAY, 0) },
    { ...base, id: crypto.randomUUID(), kind: 'click', linkId: a, at: NOW - 400, visitor: hashOf(owner, TODAY, 0) },
    { ...base, id: crypto.randomUUID(), kind: 'view', linkId: null, at: NOW - 300, visitor: hashOf(owner, TODAY, 7) },
  ];
  for (const { id, ...event } of buffered) await putEvent(env.EVENTS, event, id);
  raw.push(...buffered);
}, 180_000);

describe('daily rollups, the compact ledger and compaction', () => {
  it('give the statistics of the raw events for every range, buffer included', async () => {
    const all = await rawStats(env.DB, raw, owner.id, NOW);
    expect(all.profile_views).toBeGreaterThan(500);
    expect(all.unique_visitors).toBe(HISTORY_DAYS * 3 + 1);
    await expectRangesExact(owner, raw, NOW);
    // Every week the drains touched is the sum of its days.
    const { weeks, days } = await weeksBesideDays(await countsOf(owner.id), owner.id);
    expect(weeks).toHaveLength(days.length);
    expect(weeks).toEqual(days);
  });

  it('still give them once the ledger has forgotten and the old months are compacted, for every range', async () => {
    const before = await count('SELECT count(*) AS n FROM daily_stats WHERE user_id = ?', owner.id);
    expect(before).toBe(HISTORY_DAYS);
    // Where the lines fall: the ledger keeps ids of the last hours and visitors of the last day.
    await pruneCounting(env, NOW);
    const forget = NOW - FOLD_WINDOW_MS - PRUNE_MARGIN_MS;
    expect(await count('SELECT count(*) AS n FROM seen_events WHERE hour < ?', Math.floor(forget / HOUR_MS))).toBe(0);
    expect(await count('SELECT count(*) AS n FROM seen_visitors WHERE day < ?', Math.floor(forget / DAY_MS))).toBe(0);
    await expectRangesExact(owner, raw, NOW);

    await compactAll(NOW);
    // Every month that ended more than 90 days ago is one row; the rest of the history days.
    const line = TODAY - COMPACT_AFTER_DAYS;
    const firstKept = firstDayOf(monthOf(line));
    const months = monthOf(line) - monthOf(TODAY - HISTORY_DAYS + 1);
    expect(months).toBeGreaterThanOrEqual(2);
    expect(await count('SELECT count(*) AS n FROM daily_stats WHERE user_id = ? AND days > 1', owner.id)).toBe(months);
    expect(await count('SELECT count(*) AS n FROM daily_stats WHERE user_id = ? AND days = 1', owner.id)).toBe(
      TODAY - firstKept + 1,
    );
    expect(await count('SELECT count(*) AS n FROM daily_stats WHERE user_id = ?', owner.id)).toBeLessThan(before);
    await expectRangesExact(owner, raw, NOW);
    // The weeks that end in a compacted month are gone; from the first day kept on, each is its days.
    expect(
      await count('SELECT count(*) AS n FROM weekly_stats WHERE user_id = ? AND week * 7 + 6 < ?', owner.id, firstKept),
    ).toBe(0);
    const kept = await weeksBesideDays(await countsOf(owner.id), owner.id, firstKept + 7);
    expect(kept.weeks.length).toBeGreaterThanOrEqual(Math.floor(COMPACT_AFTER_DAYS / 7));
    expect(kept.weeks).toEqual(kept.days);

    // The export dates a compacted month YYYY-MM, then goes on day by day; nothing is lost.
    let csv = '';
    await dailyCsv(
      await statsReader(createDb(env.DB), await countsDbOf(owner.id), env.EVENTS, owner.id, NOW),
      async (text) => void (csv += text),
    );
    const lines = csv.trim().split(/\r?\n/).slice(1);
    expect(lines.filter((line) => /^\d{4}-\d{2},/.test(line))).toHaveLength(months);
    expect(lines).toHaveLength(months + TODAY - firstKept + 1);
    const exported = lines.reduce((sum, line) => sum + Number(line.split(',')[1]), 0);
    expect(exported).toBe((await rawStats(env.DB, raw, owner.id, NOW)).profile_views);
    // Run again, nothing moves.
    await compactAll(NOW);
    await expectRangesExact(owner, raw, NOW);
  });

  it('counts nothing twice when a drain is retried after the ledger forgot: its events are too old to fold', async () => {
    const card = await createCard({ links: 1 });
    // The buffer's shards are shared by cards: events of earlier tests still waiting in this card's
    // shards are drained first, so the counts below are this card's alone.
    await bufferAndDrain(card, [], NOW);
    const event = { ...dayOfTraffic(card, 0)[0]!, at: NOW - 1000 };
    const die = () => {
      throw new Error('isolate killed');
    };
    // Folded, then the drain dies before deleting the key.
    await putEvent(env.EVENTS, event, event.id);
    const drains = ownerShards(card.id).map((shard) =>
      drainShard(env, env.EVENTS, shard, { now: NOW, afterWrite: die }).catch(() => null),
    );
    await Promise.all(drains);
    const views = async () =>
      (await getStats(createDb(env.DB), await countsDbOf(card.id), env.EVENTS, card.id, NOW)).profile_views;
    expect(await views()).toBe(1);

    // The last drain that may still fold it starts just inside the window; the prune of that
    // moment keeps its id (the margin), so the retry counts nothing.
    const lastChance = event.at + FOLD_WINDOW_MS - 1;
    await pruneCounting(env, lastChance + PRUNE_MARGIN_MS - 1);
    expect(await bufferAndDrain(card, [], lastChance)).toEqual({ events: 1, expired: 0 });
    expect(await views()).toBe(1);

    // Later the ledger forgets the id, and a drain then drops the event as expired.
    const later = event.at + FOLD_WINDOW_MS + PRUNE_MARGIN_MS + HOUR_MS;
    await pruneCounting(env, later);
    expect(await count(`SELECT count(*) AS n FROM seen_events WHERE id = unhex(?, '-')`, event.id)).toBe(0);
    await putEvent(env.EVENTS, event, event.id);
    expect(await bufferAndDrain(card, [], later)).toEqual({ events: 0, expired: 1 });
    expect(await views()).toBe(1);
  });

  it(`keeps a compacted month's ${NAMES_PER_MONTH} most viewed referrer hosts, the rest under ${OTHER}`, async () => {
    const card = await createCard({ links: 1 });
    // 150 hosts over the days of a month long past, host i viewed i + 1 times on one day of it.
    const month = monthOf(TODAY - COMPACT_AFTER_DAYS) - 2;
    const first = firstDayOf(month);
    const counts = await countsOf(card.id);
    const insert = counts.prepare(
      "INSERT INTO daily_breakdowns (user_id, facet, day, name, views, clicks) VALUES (?1, 'referrer', ?2, ?3, ?4, 0)",
    );
    // As a fold writes them: the day's row in daily_stats beside its breakdowns.
    const day = counts.prepare('INSERT OR IGNORE INTO daily_stats (user_id, day, views) VALUES (?1, ?2, 0)');
    await counts.batch([
      ...Array.from({ length: 150 }, (_, i) => insert.bind(card.id, first + (i % 28), `h${i}.example`, i + 1)),
      ...Array.from({ length: 28 }, (_, i) => day.bind(card.id, first + i)),
    ]);
    await compactAll(NOW);
    const rows = (
      await counts
        .prepare('SELECT name, views, days FROM daily_breakdowns WHERE user_id = ? ORDER BY views DESC')
        .bind(card.id)
        .all<{ name: string; views: number; days: number }>()
    ).results;
    expect(rows).toHaveLength(NAMES_PER_MONTH + 1);
    expect(rows.every((row) => row.days === firstDayOf(month + 1) - first)).toBe(true);
    expect(rows.find((row) => row.name === OTHER)?.views).toBe((50 * 51) / 2);
    expect(rows.map((row) => row.name)).toContain('h50.example');
    expect(rows.map((row) => row.name)).not.toContain('h49.example');
    expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe((150 * 151) / 2);
  });

  it('keeps the rows of a card bounded by its days and months, not its events', async () => {
    const rows = await count('SELECT count(*) AS n FROM daily_breakdowns WHERE user_id = ?', owner.id);
    // At most a handful of names per facet per day or month.
    expect(rows).toBeLessThanOrEqual((COMPACT_AFTER_DAYS + 31 + 6) * 16);
  });
});
