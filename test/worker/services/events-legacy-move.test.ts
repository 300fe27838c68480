import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { countDatabase } from '../../../worker/lib/count-shards';
import { putEvent } from '../../../worker/services/events/buffer';
import { LEGACY_SHARD, moveLegacyCounts } from '../../../worker/services/events/legacy-move';
import { createCard } from '../page-helpers';
import { api } from '../helpers';
import { cardVisitor, flushAll, stats, view, visitor, weeksBesideDays } from './events-helpers';

// The move of what the release before the counting databases counted in the accounts database
// (docs/decisions/0071). It moves every card's rows, so this file has storage of its own.

const DAY_MS = 86_400_000;

async function moveAll() {
  for (let tick = 0; tick < 20; tick++) if ((await moveLegacyCounts(env)) === 0) return tick;
  throw new Error('the move did not finish');
}

const left = async (table: string, userId: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`).bind(userId).first<{ n: number }>())!.n;

describe('the move of the counts of before into the counting databases', { timeout: 120_000 }, () => {
  it('moves rollups and the recent ledger into shard 0 once, whatever a move that died left behind', async () => {
    const card = await createCard({ links: 1 });
    const link = card.linkIds[0]!;
    // A card of before the counting databases: migration 0013 gave it shard 0.
    await env.DB.prepare('UPDATE profiles SET count_shard = ? WHERE user_id = ?').bind(LEGACY_SHARD, card.id).run();
    const today = Math.floor(Date.now() / DAY_MS);
    const folded = { id: crypto.randomUUID(), at: Date.now() - 60_000, visitor: cardVisitor(card.id, 1) };
    // What the previous release counted: 10 and 20 views on two old days (5 and 8 visitors),
    // 3 clicks, and today one view whose ledger row is still there and whose KV key was never deleted.
    const legacy = [
      env.DB.prepare(
        'INSERT INTO daily_stats (user_id, day, views, clicks, visitors, clickers, last_view_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ).bind(card.id, today - 40, 10, 3, 5, 2, (today - 40) * DAY_MS),
      env.DB.prepare(
        'INSERT INTO daily_stats (user_id, day, views, clicks, visitors, clickers, last_view_at) VALUES (?, ?, ?, 0, ?, 0, ?)',
      ).bind(card.id, today - 3, 20, 8, (today - 3) * DAY_MS),
      env.DB.prepare(
        'INSERT INTO daily_stats (user_id, day, views, clicks, visitors, clickers, last_view_at) VALUES (?, ?, 1, 0, 1, 0, ?)',
      ).bind(card.id, today, folded.at),
      env.DB.prepare('INSERT INTO daily_link_clicks (user_id, day, link_id, clicks) VALUES (?, ?, ?, 3)').bind(
        card.id,
        today - 40,
        link,
      ),
      // The previous release added each click to the link's column too, in the same batch: the 3
      // above, and 2 counted before there were daily rollups.
      env.DB.prepare('UPDATE links SET clicks = 5 WHERE id = ?').bind(link),
      env.DB.prepare(
        "INSERT INTO daily_breakdowns (user_id, facet, day, name, views, clicks) VALUES (?, 'country', ?, 'DE', 10, 3)",
      ).bind(card.id, today - 40),
      env.DB.prepare(
        "INSERT INTO events (id, user_id, kind, link_id, at, visitor, device, channel) VALUES (?, ?, 'view', NULL, ?, ?, 'mobile', 'direct')",
      ).bind(folded.id, card.id, folded.at, folded.visitor),
    ];
    await env.DB.batch(legacy);
    // A move that died after copying the old day and before deleting it there, and a copy of the
    // other day taken before the previous release added 5 more views to it.
    const counts = countDatabase(env, LEGACY_SHARD);
    await counts.batch([
      counts
        .prepare(
          'INSERT INTO moved_daily_stats (user_id, day, views, clicks, visitors, clickers, last_view_at, days) VALUES (?, ?, 10, 3, 5, 2, ?, 1)',
        )
        .bind(card.id, today - 40, (today - 40) * DAY_MS),
      counts
        .prepare(
          'INSERT INTO moved_daily_stats (user_id, day, views, clicks, visitors, clickers, last_view_at, days) VALUES (?, ?, 15, 0, 8, 0, ?, 1)',
        )
        .bind(card.id, today - 3, (today - 3) * DAY_MS),
    ]);
    // Meanwhile this release counts two new visitors today in the card's shard.
    for (const i of [2, 3]) expect(await view(card.username, visitor(i))).toBe(200);
    await flushAll();

    // The first move dies after copying; the second copies, and meanwhile the previous release's
    // Worker, still running during the deploy, adds 2 views to the day three days ago.
    await expect(
      moveLegacyCounts(env, Date.now(), () => {
        throw new Error('isolate killed');
      }),
    ).rejects.toThrow('isolate killed');
    let added = false;
    await moveLegacyCounts(env, Date.now(), async (table) => {
      if (table !== 'daily_stats' || added) return;
      added = true;
      await env.DB.prepare('UPDATE daily_stats SET views = views + 2 WHERE user_id = ? AND day = ?')
        .bind(card.id, today - 3)
        .run();
    });
    expect(await moveAll()).toBeGreaterThan(0);
    for (const table of ['daily_stats', 'daily_link_clicks', 'daily_breakdowns', 'events'])
      expect(await left(table, card.id), table).toBe(0);
    const moved = await counts
      .prepare('SELECT count(*) AS n FROM moved_daily_stats WHERE user_id = ?')
      .bind(card.id)
      .first();
    expect(moved).toEqual({ n: 0 });
    // The days moved in are summed into their weeks, as a fold's are.
    const { weeks, days } = await weeksBesideDays(counts, card.id);
    expect(weeks.length).toBeGreaterThan(0);
    expect(weeks).toEqual(days);
    expect(await stats(card.token)).toMatchObject({
      profile_views: 10 + 22 + 1 + 2,
      link_clicks: 3,
      unique_visitors: 5 + 8 + 1 + 2,
      countries: [{ name: 'DE', views: 10, clicks: 3 }, expect.objectContaining({ name: 'unknown' })],
    });
    // Each click once: the column keeps the 2 of before the rollups, the rollups hold the 3.
    expect((await api('/v1/user/links', { token: card.token })).body.data[0].clicks).toBe(5);
    const column = await env.DB.prepare('SELECT clicks FROM links WHERE id = ?').bind(link).first();
    expect(column).toEqual({ clicks: 2 });

    // The key of today's view folded before the release comes back to a drain: the moved ledger
    // knows it, and the same visitor again today is not new.
    await putEvent(
      env.EVENTS,
      {
        ownerId: card.id,
        kind: 'view',
        linkId: null,
        at: folded.at,
        visitor: folded.visitor,
        country: null,
        referrer: null,
        device: 'mobile',
        channel: 'direct',
      },
      folded.id,
    );
    await flushAll();
    // Moving again finds nothing and changes nothing.
    expect(await moveAll()).toBe(0);
    expect(await stats(card.token)).toMatchObject({ profile_views: 35, unique_visitors: 16 });
    expect((await api('/v1/user/links', { token: card.token })).body.data[0].clicks).toBe(5);
  });
});
