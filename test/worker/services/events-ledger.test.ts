import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../../worker/db/client';
import { ownerShards, putEvent, type BufferedEvent } from '../../../worker/services/events/buffer';
import { drainShard } from '../../../worker/services/events/drain';
import { NAMES_PER_DAY, OTHER } from '../../../worker/services/events/rollup-sql';
import { getStats } from '../../../worker/services/events/stats';
import { type Owner, createCard } from '../page-helpers';
import { cardVisitor, countsDbOf, countsOf } from './events-helpers';

type NewEvent = Omit<BufferedEvent, 'key' | 'id'>;

const drain = async (owner: Owner) => {
  for (const shard of ownerShards(owner.id)) await drainShard(env, env.EVENTS, shard);
};
const viewOf = (owner: Owner, n: number, extra: Partial<NewEvent> = {}): NewEvent => ({
  ownerId: owner.id,
  kind: 'view',
  linkId: null,
  at: Date.now() - 1000,
  visitor: cardVisitor(owner.id, n),
  country: null,
  referrer: null,
  device: 'mobile',
  channel: 'direct',
  ...extra,
});

describe('the referrer hosts and channels of a day', () => {
  it(`keep ${NAMES_PER_DAY} names per card and day, and count the rest under ${OTHER}, every view still counted`, async () => {
    const owner = await createCard({ links: 1 });
    // 5 views from one big referrer, then 130 small ones, folded in two drains.
    for (let i = 0; i < 5; i++) await putEvent(env.EVENTS, viewOf(owner, i, { referrer: 'big.example' }));
    for (let i = 0; i < 60; i++) await putEvent(env.EVENTS, viewOf(owner, 100 + i, { referrer: `r${i}.example` }));
    await drain(owner);
    for (let i = 60; i < 130; i++) await putEvent(env.EVENTS, viewOf(owner, 100 + i, { referrer: `r${i}.example` }));
    await drain(owner);

    const rows = await (
      await countsOf(owner.id)
    )
      .prepare(
        "SELECT name, views FROM daily_breakdowns WHERE user_id = ? AND facet = 'referrer' ORDER BY views DESC, name",
      )
      .bind(owner.id)
      .all<{ name: string; views: number }>();
    expect(rows.results).toHaveLength(NAMES_PER_DAY + 1);
    expect(rows.results.reduce((sum, row) => sum + row.views, 0)).toBe(135);
    // The first names seen keep their rows (the big one among them), the other 31 are the tail.
    expect(rows.results[0]).toEqual({ name: OTHER, views: 31 });
    expect(rows.results[1]).toEqual({ name: 'big.example', views: 5 });

    const stats = await getStats(createDb(env.DB), await countsDbOf(owner.id), env.EVENTS, owner.id);
    expect(stats.profile_views).toBe(135);
    expect(stats.unique_visitors).toBe(135);
    expect(stats.referrers.slice(0, 2)).toEqual([
      { name: OTHER, views: 31, clicks: 0 },
      { name: 'big.example', views: 5, clicks: 0 },
    ]);
  });
});

describe('the ledger of the previous release', () => {
  it('still answers for the ids and the visitors it folded, so nothing counts twice across the release', async () => {
    const owner = await createCard({ links: 1 });
    const folded = viewOf(owner, 1);
    const id = crypto.randomUUID();
    // Folded by the previous release (its ledger row and its rollups, moved into the card's
    // counting database), its key not yet deleted.
    const counts = await countsOf(owner.id);
    await counts.batch([
      counts
        .prepare(
          `INSERT INTO events (id, user_id, kind, link_id, at, visitor, device, channel) VALUES (?1, ?2, 'view', NULL, ?3, ?4, 'mobile', 'direct')`,
        )
        .bind(id, owner.id, folded.at, folded.visitor),
      counts
        .prepare('INSERT INTO daily_stats (user_id, day, views, visitors, last_view_at) VALUES (?1, ?2, 1, 1, ?3)')
        .bind(owner.id, Math.floor(folded.at / 86_400_000), folded.at),
    ]);
    await putEvent(env.EVENTS, folded, id);
    // The same visitor comes back, and a new one comes.
    await putEvent(env.EVENTS, { ...folded, at: folded.at + 500 });
    await putEvent(env.EVENTS, viewOf(owner, 2));
    expect(await getStats(createDb(env.DB), await countsDbOf(owner.id), env.EVENTS, owner.id)).toMatchObject({
      profile_views: 3,
      unique_visitors: 2,
    });
    await drain(owner);
    expect(await getStats(createDb(env.DB), await countsDbOf(owner.id), env.EVENTS, owner.id)).toMatchObject({
      profile_views: 3,
      unique_visitors: 2,
    });
  });
});
