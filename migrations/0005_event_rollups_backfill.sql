-- Builds the daily rollups from the events already in the ledger (the statistics read the
-- rollups from now on). Run once, on tables the previous migration created empty.
WITH src AS (SELECT id, user_id, kind, link_id, at, visitor, country, referrer, device, channel FROM events)
INSERT INTO daily_stats (user_id, day, views, clicks, visitors, clickers, last_view_at)
SELECT user_id, day, sum(kind = 'view'), sum(kind = 'click'),
  count(DISTINCT visitor) FILTER (WHERE 1),
  count(DISTINCT visitor) FILTER (WHERE kind = 'click'),
  max(at) FILTER (WHERE kind = 'view')
FROM (SELECT *, at / 86400000 AS day FROM src) AS u WHERE 1 GROUP BY user_id, day
ON CONFLICT (user_id, day) DO UPDATE SET views = views + excluded.views, clicks = clicks + excluded.clicks,
  visitors = visitors + excluded.visitors, clickers = clickers + excluded.clickers,
  last_view_at = coalesce(max(last_view_at, excluded.last_view_at), last_view_at, excluded.last_view_at);
--> statement-breakpoint
WITH src AS (SELECT id, user_id, kind, link_id, at, visitor, country, referrer, device, channel FROM events)
INSERT INTO daily_link_clicks (user_id, day, link_id, clicks)
SELECT user_id, at / 86400000, link_id, count(*) FROM src WHERE kind = 'click' AND link_id IS NOT NULL GROUP BY 1, 2, 3
ON CONFLICT (user_id, day, link_id) DO UPDATE SET clicks = clicks + excluded.clicks;
--> statement-breakpoint
WITH src AS (SELECT id, user_id, kind, link_id, at, visitor, country, referrer, device, channel FROM events)
INSERT INTO daily_breakdowns (user_id, facet, day, name, views, clicks)
SELECT user_id, facet, day, name, sum(kind = 'view'), sum(kind = 'click') FROM (
  SELECT user_id, 'referrer' AS facet, at / 86400000 AS day, referrer AS name, kind FROM src WHERE referrer IS NOT NULL
  UNION ALL SELECT user_id, 'country', at / 86400000, coalesce(country, 'unknown'), kind FROM src
  UNION ALL SELECT user_id, 'device', at / 86400000, device, kind FROM src
  UNION ALL SELECT user_id, 'channel', at / 86400000, channel, kind FROM src
) WHERE 1 GROUP BY 1, 2, 3, 4
ON CONFLICT (user_id, facet, day, name) DO UPDATE SET views = views + excluded.views, clicks = clicks + excluded.clicks;
