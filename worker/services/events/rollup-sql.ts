/**
 * The daily rollups (README, Decisions: rollups and retention), as SQL over a source `src` of
 * event rows (id, user_id, kind, link_id, at, visitor, country, referrer, device, channel)
 * that are not in the rollups yet: the unseen events of a drained page, or the whole ledger
 * when the rollups are built from it. Plain strings, so the bench can build the rollups of
 * events it inserted directly the same way.
 */
export const DAY_MS = 86_400_000;

/**
 * Whether the visitor of row `u` (with `u.day`) is new to the ledger on that day, for a drain:
 * its visitor was already counted if the ledger holds an event of theirs that day. Hashes
 * rotate daily, so the day bound only keeps the check honest for hand-made rows.
 */
const unseenVisitor = (extra = '') =>
  `NOT EXISTS (SELECT 1 FROM events AS e WHERE e.user_id = u.user_id AND e.visitor = u.visitor
    AND e.at >= u.day * ${DAY_MS} AND e.at < (u.day + 1) * ${DAY_MS}${extra})`;

/**
 * The three upserts that add `src` to the rollups. `fromLedger`: `src` is the ledger itself
 * (a rebuild), so nobody was counted before; otherwise `src` is about to join the ledger and a
 * visitor it already holds that day is not counted again.
 */
export function rollupStatements(src: string, fromLedger = false): string[] {
  const newVisitor = fromLedger ? '1' : unseenVisitor();
  const newClicker = fromLedger ? "kind = 'click'" : `kind = 'click' AND ${unseenVisitor(" AND e.kind = 'click'")}`;
  const day = `at / ${DAY_MS}`;
  return [
    `WITH src AS (${src})
INSERT INTO daily_stats (user_id, day, views, clicks, visitors, clickers, last_view_at)
SELECT user_id, day, sum(kind = 'view'), sum(kind = 'click'),
  count(DISTINCT visitor) FILTER (WHERE ${newVisitor}),
  count(DISTINCT visitor) FILTER (WHERE ${newClicker}),
  max(at) FILTER (WHERE kind = 'view')
FROM (SELECT *, ${day} AS day FROM src) AS u WHERE 1 GROUP BY user_id, day
ON CONFLICT (user_id, day) DO UPDATE SET views = views + excluded.views, clicks = clicks + excluded.clicks,
  visitors = visitors + excluded.visitors, clickers = clickers + excluded.clickers,
  last_view_at = coalesce(max(last_view_at, excluded.last_view_at), last_view_at, excluded.last_view_at)`,
    `WITH src AS (${src})
INSERT INTO daily_link_clicks (user_id, day, link_id, clicks)
SELECT user_id, ${day}, link_id, count(*) FROM src WHERE kind = 'click' AND link_id IS NOT NULL GROUP BY 1, 2, 3
ON CONFLICT (user_id, day, link_id) DO UPDATE SET clicks = clicks + excluded.clicks`,
    `WITH src AS (${src})
INSERT INTO daily_breakdowns (user_id, facet, day, name, views, clicks)
SELECT user_id, facet, day, name, sum(kind = 'view'), sum(kind = 'click') FROM (
  SELECT user_id, 'referrer' AS facet, ${day} AS day, referrer AS name, kind FROM src WHERE referrer IS NOT NULL
  UNION ALL SELECT user_id, 'country', ${day}, coalesce(country, 'unknown'), kind FROM src
  UNION ALL SELECT user_id, 'device', ${day}, device, kind FROM src
  UNION ALL SELECT user_id, 'channel', ${day}, channel, kind FROM src
) WHERE 1 GROUP BY 1, 2, 3, 4
ON CONFLICT (user_id, facet, day, name) DO UPDATE SET views = views + excluded.views, clicks = clicks + excluded.clicks`,
  ];
}

const LEDGER_COLUMNS = 'id, user_id, kind, link_id, at, visitor, country, referrer, device, channel';

/**
 * Rebuilds one card's rollups from its ledger (deleting them first): for history inserted
 * into the ledger directly. Exact only while the ledger still holds every day it rebuilds.
 */
export const rebuildRollupsSql = (quotedUserId: string) => [
  ...['daily_stats', 'daily_link_clicks', 'daily_breakdowns'].map(
    (table) => `DELETE FROM ${table} WHERE user_id = ${quotedUserId}`,
  ),
  ...rollupStatements(`SELECT ${LEDGER_COLUMNS} FROM events WHERE user_id = ${quotedUserId}`, true),
];
