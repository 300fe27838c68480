import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index';
import { createDb } from '../../worker/db/client';
import { sha256Hex } from '../../worker/lib/image-type';
import { startDeletion } from '../../worker/services/account-data/deletion';
import { forgetBefore } from '../../worker/services/events/retention';
import { imageBytes, ownerOf, phonePhotos } from './images';
import { insertCard, insertLink } from './page-helpers';
import { withCloudflare } from './domains/helpers';
import { api } from './helpers';
import { newOrg } from './orgs/org-helpers';

// Workers Free allows 50 D1 queries in an invocation, the cron's included; each statement of a
// batch counts (docs/decisions/0088). Every job of the cron is given more work here than a tick
// may do, and a whole rotation of ticks is counted at the default size: one counting database.

type Tally = { queries: number };

/** The database, each statement it runs counted: one a query, every statement of a batch, each of an exec. */
function counted(d1: D1Database, tally: Tally): D1Database {
  const statement = (real: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(real, {
      get(target, key) {
        if (key === 'bind') return (...values: unknown[]) => statement(target.bind(...values));
        if (key === 'first' || key === 'all' || key === 'run' || key === 'raw')
          return (...args: unknown[]) => {
            tally.queries += 1;
            return (target[key] as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          };
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  return new Proxy(d1, {
    get(target, key) {
      if (key === 'prepare') return (query: string) => statement(target.prepare(query));
      if (key === 'batch')
        return (statements: D1PreparedStatement[]) => {
          tally.queries += statements.length;
          return target.batch(statements);
        };
      if (key === 'exec')
        return (query: string) => {
          tally.queries += query.split(';').filter((part) => part.trim()).length;
          return target.exec(query);
        };
      if (key === 'withSession') throw new Error('the cron reads the primary; a session would go uncounted here');
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** `rows` rows of SQL made by `select` over n = 1..rows, in one statement. */
const generated = (db: D1Database, insert: string, select: string, rows: number) =>
  db
    .prepare(`${insert} WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows}) ${select}`)
    .run();

/** More of everything than one tick may do, for every job that takes turns. */
async function workForEveryTurn(now: number) {
  const old = forgetBefore(now) - 2 * DAY_MS;
  const [oldHour, oldDay] = [Math.floor(old / HOUR_MS), Math.floor(old / DAY_MS)];
  // A card of before the counting databases (the accounts database's ledger names its owner).
  const legacy = await insertCard();
  // The counting database's ledger: more than ten chunks of 5,000 to forget in each table.
  for (const db of [env.COUNTS_0!, env.DB]) {
    await generated(db, 'INSERT INTO seen_events (hour, id)', `SELECT ${oldHour}, randomblob(16) FROM n`, 60_000);
    await generated(db, 'INSERT INTO seen_visitors (day, visitor)', `SELECT ${oldDay}, randomblob(16) FROM n`, 60_000);
    await generated(
      db,
      'INSERT INTO events (id, user_id, kind, at, visitor, device, channel)',
      `SELECT lower(hex(randomblob(16))), '${legacy.id}', 'view', ${old}, 'v', 'mobile', 'direct' FROM n`,
      60_000,
    );
  }
  // A month of daily rollups old enough to be compacted, for a card counted in COUNTS_0.
  const day = Math.floor(now / DAY_MS) - 200;
  await generated(
    env.COUNTS_0!,
    'INSERT INTO daily_stats (user_id, day, views, visitors)',
    `SELECT 'compacted-card', ${day} + i, 3, 2 FROM n`,
    28,
  );
  // What the release before the counting databases left in DB: pages of rollups and recent ledger.
  const today = Math.floor(now / DAY_MS);
  await generated(
    env.DB,
    'INSERT INTO daily_stats (user_id, day, views, visitors)',
    `SELECT '${legacy.id}', ${today} - i, 1, 1 FROM n`,
    600,
  );
  await generated(
    env.DB,
    'INSERT INTO daily_link_clicks (user_id, day, link_id, clicks)',
    `SELECT '${legacy.id}', ${today} - i, 1, 1 FROM n`,
    600,
  );
  await generated(
    env.DB,
    'INSERT INTO daily_breakdowns (user_id, facet, day, name, views)',
    `SELECT '${legacy.id}', 'country', ${today} - i, 'DE', 1 FROM n`,
    600,
  );
  await generated(
    env.DB,
    'INSERT INTO events (id, user_id, kind, at, visitor, device, channel)',
    `SELECT lower(hex(randomblob(16))), '${legacy.id}', 'view', ${now - MINUTE_MS}, 'v', 'mobile', 'direct' FROM n`,
    600,
  );
  // Cards whose images were stored before derivatives.
  const photo = phonePhotos().avatar;
  const png = await imageBytes('png');
  for (let i = 0; i < 6; i++) {
    const card = await insertCard();
    const avatar = `avatars/${await ownerOf(card.id)}/${await sha256Hex(photo)}.jpg`;
    const cover = `covers/${await sha256Hex(png)}.png`;
    await env.MEDIA.put(avatar, photo, { httpMetadata: { contentType: 'image/jpeg' } });
    await env.MEDIA.put(cover, png, { httpMetadata: { contentType: 'image/png' } });
    await env.DB.prepare('UPDATE profiles SET avatar_key = ?, cover_key = ? WHERE user_id = ?')
      .bind(avatar, cover, card.id)
      .run();
  }
  // Deletions that died halfway, of cards with counts.
  for (let i = 0; i < 3; i++) {
    const card = await insertCard();
    await env
      .COUNTS_0!.prepare('INSERT INTO daily_stats (user_id, day, views) VALUES (?, ?, 5)')
      .bind(card.id, today)
      .run();
    await startDeletion(createDb(env.DB), card.id, now - 10 * MINUTE_MS);
  }
  // A list that changed, and a page of links on it: every one to flag.
  await env.DB.prepare(
    "INSERT INTO blocklist_state (id, list_version, scanned_version, scan_cursor) VALUES (1, 'snapshot-2026-11-24', 'older', 0) ON CONFLICT (id) DO UPDATE SET scanned_version = 'older', scan_cursor = 0",
  ).run();
  const listed = await insertCard();
  for (let i = 0; i < 120; i++) {
    await env.DB.prepare("INSERT INTO blocklist (value, kind, added_at) VALUES (?, 'domain', ?)")
      .bind(`listed-${i}.test`, now)
      .run();
    await insertLink(listed.id, { title: `Listed ${i}`, url: `https://listed-${i}.test/page` });
  }
  // Mail owed to 30 owners.
  for (let i = 0; i < 30; i++) {
    const card = await insertCard();
    await env.DB.prepare("INSERT INTO notices (user_id, kind, created_at) VALUES (?, 'second_factor_reset', ?)")
      .bind(card.id, now)
      .run();
  }
  // Cards' domains: names no card holds, cards taken down, and names due a look that Cloudflare no
  // longer knows (each a status to copy and a mail to send): more of each than a turn looks at.
  for (let i = 0; i < 12; i++) {
    const card = await insertCard();
    const takenDown = await insertCard();
    await env.DB.prepare('UPDATE cards SET taken_down_at = ? WHERE id = ?').bind(now, takenDown.id).run();
    const rows: [string | null, string][] = [
      [null, 'orphan'],
      [takenDown.id, 'taken-down'],
      [card.id, 'due'],
    ];
    for (const [cardId, kind] of rows)
      await env.DB.prepare(
        "INSERT INTO custom_hostnames (id, card_id, hostname, cloudflare_id, status, ssl_status, created_at, next_check_at) VALUES (?, ?, ?, ?, 'pending', 'pending_validation', ?, ?)",
      )
        .bind(crypto.randomUUID(), cardId, `${kind}-${i}.budget.example`, `unknown-${kind}-${i}`, now - HOUR_MS, now)
        .run();
  }
  // An organisation's file of 40 invitations, owed (the sweeper's work).
  const org = await newOrg();
  await api(`/v1/orgs/${org.id}`, { method: 'PUT', token: org.owner.token, json: { seats: 100 } });
  const tag = crypto.randomUUID().slice(0, 8);
  const csv = ['email', ...Array.from({ length: 40 }, (_, i) => `budget${i}-${tag}@example.com`)].join('\r\n');
  const invited = await api(`/v1/orgs/${org.id}/invitations/csv`, {
    method: 'POST',
    token: org.owner.token,
    json: { csv },
  });
  if (invited.status !== 201) throw new Error(`invitations not made: ${invited.status}`);
  // The queue mails them within seconds; then all 40 are made owed again, as rows whose messages
  // never came would be, for the cron's sweeper.
  for (let waited = 0; ; waited += 200) {
    const mailed = await env.DB.prepare(
      'SELECT count(*) AS n FROM org_invitations WHERE org_id = ? AND sent_at IS NOT NULL',
    )
      .bind(org.id)
      .first<{ n: number }>();
    if (mailed!.n === 40) break;
    if (waited > 60_000) throw new Error(`invitations not mailed: ${mailed!.n}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await env.DB.prepare('UPDATE org_invitations SET sent_at = NULL, created_at = ?1, updated_at = ?1 WHERE org_id = ?2')
    .bind(now - HOUR_MS, org.id)
    .run();
  return { listed };
}

type Logged = {
  job?: string;
  turn?: { job: string; shard?: number };
  done?: Record<string, unknown>;
  sizes?: Record<string, number>;
};

describe('the cron at the default size', { timeout: 300_000 }, () => {
  it('makes at most 50 D1 queries in every tick, each job taking its turn with more work than a tick does', async () => {
    // Sixteen minutes from the top of an hour (when the tick also measures every database's size):
    // eight counting turns and each other turn once, in the order the hour's minute gives them.
    const start = Math.floor(Date.now() / (60 * MINUTE_MS)) * 60 * MINUTE_MS;
    const { listed } = await workForEveryTurn(start);
    const ticks: { turn: string; queries: number; done: Record<string, unknown>; sizes?: Record<string, number> }[] =
      [];
    for (let i = 0; i < 16; i++) {
      const tally: Tally = { queries: 0 };
      // One counting database, as wrangler.toml binds by default (the test pool binds more).
      const atDefault = {
        ...withCloudflare,
        COUNTS_1: undefined,
        COUNTS_2: undefined,
        COUNTS_3: undefined,
        DB: counted(env.DB, tally),
        COUNTS_0: counted(env.COUNTS_0!, tally),
      };
      const lines: Logged[] = [];
      const log = vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
        if (typeof line === 'string' && line.startsWith('{')) lines.push(JSON.parse(line) as Logged);
      });
      const ctx = createExecutionContext();
      try {
        await worker.scheduled(
          createScheduledController({ cron: '* * * * *', scheduledTime: start + i * MINUTE_MS }),
          atDefault,
          ctx,
        );
        await waitOnExecutionContext(ctx);
      } finally {
        log.mockRestore();
      }
      const line = lines.find((l) => l.job === 'scheduled');
      ticks.push({ turn: line?.turn?.job ?? '?', queries: tally.queries, done: line?.done ?? {}, sizes: line?.sizes });
    }
    const summary = ticks.map((t) => `${t.turn} ${t.queries}`).join(', ');
    // Every other tick a counting database's; between them, each other job once.
    expect(ticks.filter((_, i) => i % 2 === 0).map((t) => t.turn)).toEqual(Array(8).fill('counts'));
    expect(
      ticks
        .filter((_, i) => i % 2 === 1)
        .map((t) => t.turn)
        .sort(),
    ).toEqual(['deletions', 'domains', 'invitations', 'legacy', 'links', 'media', 'notices', 'webhooks']);
    expect(
      ticks.every((t) => t.queries <= 50),
      summary,
    ).toBe(true);
    // The hour's first tick measured both databases, within the same limit.
    expect(Object.keys(ticks[0]!.sizes ?? {}), summary).toEqual(['DB', 'COUNTS_0']);
    // Each turn did its work, as much as a tick may (so the counts above are of busy ticks).
    const done = (turn: string) => ticks.find((t) => t.turn === turn)!.done;
    expect(ticks[0]!.done.pruned, summary).toBeGreaterThanOrEqual(3 * 50_000);
    expect(ticks[0]!.done.compacted, summary).not.toBeNull();
    expect(done('legacy').moved, summary).toBeGreaterThan(0);
    expect(done('media').converted, summary).toBe(8);
    expect(done('deletions').finished, summary).toBe(1);
    expect(done('links').scanned, summary).toBe(120);
    expect(done('notices').sent, summary).toBe(20);
    expect(done('invitations').sent, summary).toBe(20);
    expect(done('domains'), summary).toMatchObject({ asked: 10, forgotten: 10 });
    const flagged = await env.DB.prepare('SELECT count(*) AS n FROM links WHERE user_id = ? AND flagged_at IS NOT NULL')
      .bind(listed.id)
      .first<{ n: number }>();
    expect(flagged?.n).toBe(120);
    // The busiest ticks are near the limit: the count is of real statements, not a token one.
    expect(Math.max(...ticks.map((t) => t.queries)), summary).toBeGreaterThan(35);
  });
});
