-- Rollups on their way from the accounts database (docs/decisions/0071: the move of what the
-- release before the counting databases counted there). A row is copied here, deleted there if
-- unchanged, and added to the rollups only once it is gone there, so a move that dies anywhere
-- counts nothing twice (worker/services/events/legacy-move.ts).
CREATE TABLE `moved_daily_stats` (
	`user_id` text NOT NULL,
	`day` integer NOT NULL,
	`views` integer NOT NULL,
	`clicks` integer NOT NULL,
	`visitors` integer NOT NULL,
	`clickers` integer NOT NULL,
	`last_view_at` integer,
	`days` integer NOT NULL,
	PRIMARY KEY(`user_id`, `day`)
) WITHOUT ROWID;
CREATE TABLE `moved_daily_link_clicks` (
	`user_id` text NOT NULL,
	`day` integer NOT NULL,
	`link_id` integer NOT NULL,
	`clicks` integer NOT NULL,
	`days` integer NOT NULL,
	PRIMARY KEY(`user_id`, `day`, `link_id`)
) WITHOUT ROWID;
CREATE TABLE `moved_daily_breakdowns` (
	`user_id` text NOT NULL,
	`day` integer NOT NULL,
	`facet` text NOT NULL,
	`name` text NOT NULL,
	`views` integer NOT NULL,
	`clicks` integer NOT NULL,
	`days` integer NOT NULL,
	PRIMARY KEY(`user_id`, `facet`, `day`, `name`)
) WITHOUT ROWID;
