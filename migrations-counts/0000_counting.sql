-- The counting databases (docs/decisions/0071): every shard holds the same tables, the ledger and
-- the rollups of the cards counted in it. No foreign keys: the accounts live in DB; a deleted
-- account's rows go by its id, and `deleted_cards` keeps a late drain from writing them again.
CREATE TABLE `seen_events` (
	`hour` integer NOT NULL,
	`id` blob NOT NULL,
	PRIMARY KEY(`hour`, `id`)
) WITHOUT ROWID;
CREATE TABLE `seen_visitors` (
	`day` integer NOT NULL,
	`visitor` blob NOT NULL,
	`clicked` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `visitor`)
) WITHOUT ROWID;
CREATE TABLE `daily_stats` (
	`user_id` text NOT NULL,
	`day` integer NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	`visitors` integer DEFAULT 0 NOT NULL,
	`clickers` integer DEFAULT 0 NOT NULL,
	`last_view_at` integer,
	`days` integer DEFAULT 1 NOT NULL,
	PRIMARY KEY(`user_id`, `day`)
) WITHOUT ROWID;
CREATE TABLE `daily_link_clicks` (
	`user_id` text NOT NULL,
	`day` integer NOT NULL,
	`link_id` integer NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	`days` integer DEFAULT 1 NOT NULL,
	PRIMARY KEY(`user_id`, `day`, `link_id`)
) WITHOUT ROWID;
CREATE TABLE `daily_breakdowns` (
	`user_id` text NOT NULL,
	`day` integer NOT NULL,
	`facet` text NOT NULL,
	`name` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	`days` integer DEFAULT 1 NOT NULL,
	PRIMARY KEY(`user_id`, `facet`, `day`, `name`)
) WITHOUT ROWID;
CREATE TABLE `rollup_compaction` (
	`id` integer PRIMARY KEY NOT NULL,
	`month` integer NOT NULL,
	`after` text DEFAULT '' NOT NULL
);
CREATE TABLE `deleted_cards` (
	`user_id` text PRIMARY KEY NOT NULL,
	`deleted_at` integer NOT NULL
);
-- The ledger of before the compact one, as the fold's and the statistics' questions name it; it
-- stays empty here (docs/decisions/0072), the accounts database's is emptied by the cron there.
CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`link_id` integer,
	`at` integer NOT NULL,
	`visitor` text NOT NULL,
	`country` text,
	`referrer` text,
	`device` text NOT NULL,
	`channel` text NOT NULL
);
CREATE INDEX `events_user_visitor` ON `events` (`user_id`,`visitor`);
