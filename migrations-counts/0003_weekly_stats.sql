-- Weekly sums of each card's daily rollups (docs/decisions/0108-weekly-sums.md), which an
-- organisation's analytics read instead of every day of a thousand cards. Filled here from the
-- days the table already holds; a month the compaction already folded into one row (`days` > 1)
-- lies before any bounded range and is not summed. The release before this one folds days
-- without weeks: a week it wrote to during the deploy is summed again at the card's next fold.
CREATE TABLE `weekly_stats` (
	`user_id` text NOT NULL,
	`week` integer NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	`visitors` integer DEFAULT 0 NOT NULL,
	`saves` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `week`)
) WITHOUT ROWID;
INSERT INTO `weekly_stats` (`user_id`, `week`, `views`, `clicks`, `visitors`, `saves`)
SELECT `user_id`, `day` / 7, sum(`views`), sum(`clicks`), sum(`visitors`), sum(`saves`)
FROM `daily_stats` WHERE `days` = 1 GROUP BY `user_id`, `day` / 7;
